/**
 * Client reports (docs/api-decisions.md#reports-shares-and-diffs) as Preact components and pure render functions: the server renders
 * them to a string (HTML, and the PDF from it); the extension's popup and dashboard render the same components.
 */
export { renderAuditReportHtml } from './render-audit-report.js';
export { renderCrawlReportHtml } from './render-crawl-report.js';
export { AuditReport, type AuditReportProps } from './components/AuditReport.js';
export { CrawlReport, type CrawlReportProps } from './components/CrawlReport.js';
export { REPORT_CSP } from './components/ReportDocument.js';
export { reportCss } from './styles.js';
export { safeBranding, DEFAULT_ACCENT, type SafeBranding } from './branding.js';
export type * from './types.js';
