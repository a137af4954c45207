/**
 * GET /crawls/{id}/report?format=html|pdf&paper=a4|letter&lang=en|de|fr|es: the client report of a crawl,
 * with the account's branding, the worst pages, advice for its critical issues and the site's earlier scores.
 */
import { auditIdFromPath } from '../../audits/audit-id.js';
import { crawlReportSources } from '../../crawls/crawl-report-sources.js';
import { crawlWire } from '../../crawls/crawl-wire.js';
import { HttpError } from '../../http/http-error.js';
import { renderAccountCrawlReport } from '../../reports/crawl-report.js';
import { sendReport, urlSlug } from '../../reports/send-report.js';
import { parseReportQuery } from '../report-query.js';
import { route } from '../route.js';
import { CRAWL_NOT_FOUND } from './get-crawl.js';

export const getCrawlReport = route({
  method: 'GET',
  path: '/crawls/:id/report',
  async handle(ctx, deps) {
    const query = parseReportQuery(ctx.query);
    const accountId = ctx.state.account.id;
    const id = auditIdFromPath(ctx.params.id);
    const stored = id ? await (await deps.store.crawls()).getCrawl(accountId, id) : null;
    if (!stored) throw new HttpError(404, CRAWL_NOT_FOUND);
    const sources = await crawlReportSources(deps.store, accountId, stored, { history: true });
    const { html, branding, lang } = await renderAccountCrawlReport(deps.store, accountId, crawlWire(stored), sources, {
      paper: query.paper,
      medium: query.format,
      language: { query: query.lang, acceptLanguage: ctx.get('accept-language') || null },
      rulesDocUrl: deps.reports.rulesDocUrl,
    });
    await sendReport(ctx, deps.reports.pdf, {
      html,
      format: query.format,
      paper: query.paper,
      branding,
      lang,
      subjectUrl: stored.url,
      slug: urlSlug(stored.url),
      lane: { account: accountId },
    });
  },
});
