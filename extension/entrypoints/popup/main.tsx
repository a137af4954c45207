import { render } from 'preact';
import { installReportStyle } from '../../components/report-style.js';
import { App } from './App.js';
import '../../components/styles.css';

installReportStyle({ parts: true });
render(<App />, document.getElementById('app')!);
