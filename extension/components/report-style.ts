import { safeBranding } from '../../shared/report/branding.js';
import { REPORT_PARTS_CSS, reportTokensCss } from '../../shared/report/styles.js';

/**
 * The report's colours (and, for the popup, the style of its parts) as the first style sheet of the page,
 * so the extension and the HTML report share one source; the page's own sheet, later, adapts the layout.
 */
export function installReportStyle({ parts }: { parts: boolean }): void {
  const { accent, onAccent } = safeBranding(null);
  const style = document.createElement('style');
  style.textContent = reportTokensCss(accent, onAccent) + (parts ? REPORT_PARTS_CSS : '');
  document.head.prepend(style);
}
