import { render } from 'preact';
import { installReportStyle } from '../../components/report-style.js';
import { Dashboard } from '../../components/dashboard/Dashboard.js';
import '../../components/styles.css';
import '../../components/dashboard/dashboard.css';

installReportStyle({ parts: false });
render(<Dashboard />, document.getElementById('app')!);
