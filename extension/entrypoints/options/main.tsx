import { render } from 'preact';
import { installReportStyle } from '../../components/report-style.js';
import { Options } from './Options.js';
import '../../components/styles.css';

installReportStyle({ parts: false });
render(<Options />, document.getElementById('app')!);
