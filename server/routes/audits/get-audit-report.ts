/**
 * GET /audits/{id}/report?format=html|pdf&paper=a4|letter&lang=en|de|fr|es: the client report of an audit,
 * with the account's branding and the page's score history; the PDF printed by headless Chromium.
 */
import { auditIdFromPath } from '../../audits/audit-id.js';
import { HttpError } from '../../http/http-error.js';
import { renderAccountAuditReport } from '../../reports/audit-report.js';
import { loadAudit } from '../../reports/load-audit.js';
import { sendReport, urlSlug } from '../../reports/send-report.js';
import { parseReportQuery } from '../report-query.js';
import { route } from '../route.js';

export const getAuditReport = route({
  method: 'GET',
  path: '/audits/:id/report',
  async handle(ctx, deps) {
    const query = parseReportQuery(ctx.query);
    const accountId = ctx.state.account.id;
    const id = auditIdFromPath(ctx.params.id);
    const audit = id ? await loadAudit(deps.store, accountId, id) : null;
    if (!audit) throw new HttpError(404, 'Audit not found');
    const { html, branding, lang } = await renderAccountAuditReport(deps.store, accountId, audit, {
      paper: query.paper,
      medium: query.format,
      language: { query: query.lang, acceptLanguage: ctx.get('accept-language') || null },
      rulesDocUrl: deps.reports.rulesDocUrl,
      withHistory: true,
    });
    const subjectUrl = audit.final_url || audit.url;
    await sendReport(ctx, deps.reports.pdf, {
      html,
      format: query.format,
      paper: query.paper,
      branding,
      lang,
      subjectUrl,
      slug: urlSlug(subjectUrl),
      lane: { account: accountId },
    });
  },
});
