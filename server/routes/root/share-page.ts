/**
 * GET /r/{token}: a shared report, with no key, outside /api/v1. The token is looked up
 * by its SHA-256; unknown, revoked and expired links are one and the same 404: an HTML page that says the
 * link no longer works (a client opens it in a browser), or the API's JSON error to a client that asks
 * for JSON only. The report shows the shared audit or crawl alone, with the account's branding: never the
 * key, never another audit (not even earlier scores). Every answer says noindex and no-referrer, and allows no script.
 */
import { HttpError } from '../../http/http-error.js';
import { renderAccountAuditReport } from '../../reports/audit-report.js';
import { loadAudit } from '../../reports/load-audit.js';
import { REPORT_HEADERS, sendReport, urlSlug } from '../../reports/send-report.js';
import { renderShareGoneHtml } from '../../../shared/report/render-share-gone.js';
import { hashShareToken, SHARE_TOKEN_PATTERN } from '../../reports/share-token.js';
import type { RouteDeps } from '../route-deps.js';
import { parseReportQuery, type ReportQuery } from '../report-query.js';
import { openRoute, type ApiContext } from '../route.js';
import { crawlReportSources } from '../../crawls/crawl-report-sources.js';
import { crawlWire } from '../../crawls/crawl-wire.js';
import { renderAccountCrawlReport } from '../../reports/crawl-report.js';

export const SHARE_PAGE_PATH = '/r/:token';

export const SHARE_PAGE_HEADERS = { 'X-Robots-Tag': 'noindex', 'Referrer-Policy': 'no-referrer' } as const;

const NOT_FOUND = 'This share link does not exist, has expired or was revoked';

export const getSharedReport = openRoute({
  method: 'GET',
  path: SHARE_PAGE_PATH,
  async handle(ctx, deps) {
    ctx.set(SHARE_PAGE_HEADERS); // on the 404s too (the error middleware keeps headers set before the throw)
    const query = parseReportQuery(ctx.query);
    const token = String(ctx.params.token ?? '');
    if (!SHARE_TOKEN_PATTERN.test(token)) return answerGone(ctx);
    const share = await (await deps.store.shares()).findShareByTokenHash(hashShareToken(token));
    if (!share || share.revoked_at !== null || Date.parse(share.expires_at) <= deps.now().getTime()) return answerGone(ctx);
    try {
      if (share.kind === 'crawl') return await sendSharedCrawl(ctx, deps, share.account_id, share.target_id, query);
      return await sendSharedAudit(ctx, deps, share.account_id, share.target_id, query);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return answerGone(ctx);
      throw error;
    }
  },
});

/** The one 404 of a dead link: the page that says so, or the API's JSON error to a client that asks for JSON only. */
function answerGone(ctx: ApiContext): void {
  ctx.status = 404;
  if (ctx.accepts('html', 'json') === 'json') {
    ctx.body = { error: NOT_FOUND };
    return;
  }
  ctx.set(REPORT_HEADERS);
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = renderShareGoneHtml();
}

/** A shared audit's report: the audit alone (no earlier scores), with the account's branding. */
async function sendSharedAudit(
  ctx: ApiContext,
  deps: Pick<RouteDeps, 'store' | 'reports'>,
  accountId: string,
  id: string,
  query: ReportQuery,
): Promise<void> {
  const audit = await loadAudit(deps.store, accountId, id);
  if (!audit) throw new HttpError(404, NOT_FOUND, SHARE_PAGE_HEADERS);
  const { html, branding } = await renderAccountAuditReport(deps.store, accountId, audit, {
    paper: query.paper,
    medium: query.format,
    withHistory: false,
    pdfHref: pdfLink(query),
  });
  const subjectUrl = audit.final_url || audit.url;
  await sendReport(ctx, deps.reports.pdf, {
    html,
    format: query.format,
    paper: query.paper,
    branding,
    subjectUrl,
    slug: urlSlug(subjectUrl),
  });
}

/** A shared crawl's report: the crawl alone (no earlier scores), with the account's branding. */
async function sendSharedCrawl(
  ctx: ApiContext,
  deps: Pick<RouteDeps, 'store' | 'reports'>,
  accountId: string,
  id: string,
  query: ReportQuery,
): Promise<void> {
  const stored = await (await deps.store.crawls()).getCrawl(accountId, id);
  if (!stored) throw new HttpError(404, NOT_FOUND, SHARE_PAGE_HEADERS);
  const sources = await crawlReportSources(deps.store, accountId, stored, { history: false });
  const { html, branding } = await renderAccountCrawlReport(deps.store, accountId, crawlWire(stored), sources, {
    paper: query.paper,
    medium: query.format,
    pdfHref: pdfLink(query),
  });
  await sendReport(ctx, deps.reports.pdf, {
    html,
    format: query.format,
    paper: query.paper,
    branding,
    subjectUrl: stored.url,
    slug: urlSlug(stored.url),
  });
}

/** The share page's own PDF (same paper), linked from its HTML; none inside the PDF itself. */
function pdfLink(query: ReportQuery): string | null {
  if (query.format !== 'html') return null;
  return query.paper === 'Letter' ? '?format=pdf&paper=letter' : '?format=pdf';
}
