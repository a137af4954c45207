import { render } from 'preact';
import { applyDocumentLanguage } from '../../lib/i18n/t.js';
import { installReportStyle } from '../../components/report-style.js';
import { Options } from './Options.js';
import '../../components/styles.css';

installReportStyle({ parts: false });
applyDocumentLanguage();
render(<Options />, document.getElementById('app')!);
