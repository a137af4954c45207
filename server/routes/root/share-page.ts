/**
 * GET /r/{token}: a shared report, with no key, outside /api/v1. The token is looked up
 * by its SHA-256; unknown, revoked and expired links are one and the same 404: an HTML page that says the
 * link no longer works (a client opens it in a browser), or the API's JSON error to a client that asks
 * for JSON only. The report shows the shared audit or crawl alone, with the account's branding: never the
 * key, never another audit (not even earlier scores). Every answer says noindex and no-referrer, allows no script and no framing.
 */
import { HttpError } from '../../http/http-error.js';
import { renderAccountAuditReport, reportLanguage, type LanguageRequest } from '../../reports/audit-report.js';
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
import type { PdfLane } from '../../reports/pdf/pdf-renderer.js';
import { matchLanguage } from '../../../shared/i18n/languages.js';

export const SHARE_PAGE_PATH = '/r/:token';

/** On every answer of /r/, the 404s included: not indexed, no referrer, never framed (another site could dress a report up). */
export const SHARE_PAGE_HEADERS = {
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
} as const;

const NOT_FOUND = 'This share link does not exist, has expired or was revoked';

/** Requests to /r/ links from one client address, and to one link, per minute (docs/api.md#rate-limits). */
export const SHARE_PAGE_PER_ADDRESS = 120;
export const SHARE_PAGE_PER_LINK = 600;

export const getSharedReport = openRoute({
  method: 'GET',
  path: SHARE_PAGE_PATH,
  limits: [
    {
      namespace: 'share-page-address',
      max: SHARE_PAGE_PER_ADDRESS,
      durationMs: 60_000,
      message: `Rate limit exceeded: max ${SHARE_PAGE_PER_ADDRESS} share-link requests per minute from one address`,
      id: (ctx) => ctx.ip || false,
    },
    {
      namespace: 'share-page-link',
      max: SHARE_PAGE_PER_LINK,
      durationMs: 60_000,
      message: `Rate limit exceeded: max ${SHARE_PAGE_PER_LINK} requests per minute for one share link`,
      id: (ctx) => String((ctx as ApiContext).params.token ?? '').slice(0, 64) || false,
    },
  ],
  async handle(ctx, deps) {
    ctx.set(SHARE_PAGE_HEADERS); // on the 404s too (the error middleware keeps headers set before the throw)
    const query = parseReportQuery(ctx.query, { strictLang: false });
    const token = String(ctx.params.token ?? '');
    if (!SHARE_TOKEN_PATTERN.test(token)) return answerGone(ctx, query);
    const share = await (await deps.store.shares()).findShareByTokenHash(hashShareToken(token));
    if (!share || share.revoked_at !== null || Date.parse(share.expires_at) <= deps.now().getTime()) return answerGone(ctx, query);
    const lane = { account: share.account_id, share: share.id };
    try {
      if (share.kind === 'crawl') return await sendSharedCrawl(ctx, deps, lane, share.target_id, query);
      return await sendSharedAudit(ctx, deps, lane, share.target_id, query);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return answerGone(ctx, query);
      throw error;
    }
  },
});

/**
 * The one 404 of a dead link: the page that says so, or the API's JSON error to a client that asks for JSON only.
 * Its language: `?lang=`, else the reader's Accept-Language (a dead link has no account, so no branding).
 */
function answerGone(ctx: ApiContext, query: ReportQuery): void {
  ctx.status = 404;
  if (ctx.accepts('html', 'json') === 'json') {
    ctx.body = { error: NOT_FOUND };
    return;
  }
  ctx.set(REPORT_HEADERS);
  ctx.type = 'text/html; charset=utf-8';
  const { lang } = reportLanguage({ query: query.lang, acceptLanguage: ctx.get('accept-language') || null }, null);
  ctx.set('Content-Language', lang);
  ctx.vary('Accept-Language');
  ctx.body = renderShareGoneHtml({ lang });
}

/** A shared audit's report: the audit alone (no earlier scores), with the account's branding. */
async function sendSharedAudit(
  ctx: ApiContext,
  deps: Pick<RouteDeps, 'store' | 'reports'>,
  lane: Required<PdfLane>,
  id: string,
  query: ReportQuery,
): Promise<void> {
  const accountId = lane.account;
  const audit = await loadAudit(deps.store, accountId, id);
  if (!audit) throw new HttpError(404, NOT_FOUND, SHARE_PAGE_HEADERS);
  const { html, branding, lang } = await renderAccountAuditReport(deps.store, accountId, audit, {
    paper: query.paper,
    medium: query.format,
    withHistory: false,
    pdfHref: pdfLink(query),
    language: languageOf(ctx, query),
    rulesDocUrl: deps.reports.rulesDocUrl,
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
    lane,
  });
}

/** A shared crawl's report: the crawl alone (no earlier scores), with the account's branding. */
async function sendSharedCrawl(
  ctx: ApiContext,
  deps: Pick<RouteDeps, 'store' | 'reports'>,
  lane: Required<PdfLane>,
  id: string,
  query: ReportQuery,
): Promise<void> {
  const accountId = lane.account;
  const stored = await (await deps.store.crawls()).getCrawl(accountId, id);
  if (!stored) throw new HttpError(404, NOT_FOUND, SHARE_PAGE_HEADERS);
  const sources = await crawlReportSources(deps.store, accountId, stored, { history: false });
  const { html, branding, lang } = await renderAccountCrawlReport(deps.store, accountId, crawlWire(stored), sources, {
    paper: query.paper,
    medium: query.format,
    pdfHref: pdfLink(query),
    language: languageOf(ctx, query),
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
    lane,
  });
}

/** The share page's own PDF (same paper, same `?lang=`), linked from its HTML; none inside the PDF itself. */
function pdfLink(query: ReportQuery): string | null {
  if (query.format !== 'html') return null;
  const params = new URLSearchParams({ format: 'pdf' });
  if (query.paper === 'Letter') params.set('paper', 'letter');
  if (query.lang && matchLanguage(query.lang)) params.set('lang', query.lang);
  return `?${params.toString()}`;
}

function languageOf(ctx: ApiContext, query: ReportQuery): LanguageRequest {
  return { query: query.lang, acceptLanguage: ctx.get('accept-language') || null };
}
