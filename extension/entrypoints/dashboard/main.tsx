import { render } from 'preact';
import { applyDocumentLanguage } from '../../lib/i18n/t.js';
import { installReportStyle } from '../../components/report-style.js';
import { Dashboard } from '../../components/dashboard/Dashboard.js';
import { ReportLanguage } from '../../components/ReportLanguage.js';
import '../../components/styles.css';
import '../../components/dashboard/dashboard.css';

installReportStyle({ parts: false });
applyDocumentLanguage();
render(
  <ReportLanguage>
    <Dashboard />
  </ReportLanguage>,
  document.getElementById('app')!,
);
