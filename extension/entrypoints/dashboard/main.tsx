import { render } from 'preact';
import { Dashboard } from '../../components/dashboard/Dashboard.js';
import '../../components/styles.css';
import '../../components/dashboard/dashboard.css';

render(<Dashboard />, document.getElementById('app')!);
