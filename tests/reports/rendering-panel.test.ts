/**
 * "What crawlers that do not run JavaScript miss" in the HTML report (and so the PDF and share page): shown
 * with the numbers of `audit.rendering`, absent when the audit was not rendered. Page text is escaped.
 */
import { describe, expect, it } from 'vitest';
import { renderAuditReportHtml } from '../../shared/report/render-audit-report.js';
import { makeAudit } from './fixtures/audits.js';

const RENDERING = {
  engine: 'Chromium 131.0.6778.85',
  ms: 1234,
  raw: { words: 120, links: 3, json_ld: 0, title: 'Loading' },
  rendered: { words: 480, links: 40, json_ld: 2, title: '<b>Kettle</b>' },
};

describe('the rendering panel of the audit report', () => {
  it('shows the server HTML beside the rendered page and what is missed', () => {
    const html = renderAuditReportHtml(makeAudit({ rendering: RENDERING }), { medium: 'html' });
    expect(html).toContain('What crawlers that do not run JavaScript miss');
    expect(html).toContain('The server HTML holds 25 % of the words the rendered page shows: 360 appear only after JavaScript.');
    expect(html).toMatch(/JSON-LD blocks<\/th><td>0<\/td><td>2<\/td><td>2<\/td>/);
    expect(html).toMatch(/Links<\/th><td>3<\/td><td>40<\/td><td>37<\/td>/);
    expect(html).toContain('Rendered by Chromium 131.0.6778.85 in 1,234 ms');
    expect(html).toContain('&lt;b>Kettle&lt;/b>');
    expect(html).not.toContain('<b>Kettle</b>');
  });

  it('is absent when the audit was not rendered', () => {
    const html = renderAuditReportHtml(makeAudit({ rendering: null }), { medium: 'html' });
    expect(html).not.toContain('What crawlers that do not run JavaScript miss');
  });
});
