/**
 * GET /r/{token}: a shared report, with no key, outside /api/v1. The token is looked up
 * by its SHA-256; unknown, revoked and expired links are one and the same 404. The report shows the shared
 * audit or crawl alone, with the account's branding: never the key, never another audit (not even earlier scores).
 * Every answer says noindex and no-referrer, allows no script and no framing.
 */
import { HttpError } from '../../http/http-error.js';
import { renderAccountAuditReport } from '../../reports/audit-report.js';
import { loadAudit } from '../../reports/load-audit.js';
import { sendReport, urlSlug } from '../../reports/send-report.js';
import { hashShareToken, SHARE_TOKEN_PATTERN } from '../../reports/share-token.js';
import type { RouteDeps } from '../route-deps.js';
import { parseReportQuery, type ReportQuery } from '../report-query.js';
import { openRoute, type ApiContext } from '../route.js';
import { crawlReportSources } from '../../crawls/crawl-report-sources.js';
import { crawlWire } from '../../crawls/crawl-wire.js';
import { renderAccountCrawlReport } from '../../reports/crawl-report.js';
import type { PdfLane } from '../../reports/pdf/pdf-renderer.js';

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
    const query = parseReportQuery(ctx.query);
    const token = String(ctx.params.token ?? '');
    if (!SHARE_TOKEN_PATTERN.test(token)) throw new HttpError(404, NOT_FOUND, SHARE_PAGE_HEADERS);
    const share = await (await deps.store.shares()).findShareByTokenHash(hashShareToken(token));
    if (!share || share.revoked_at !== null || Date.parse(share.expires_at) <= deps.now().getTime())
      throw new HttpError(404, NOT_FOUND, SHARE_PAGE_HEADERS);
    const lane = { account: share.account_id, share: share.id };
    if (share.kind === 'crawl') return sendSharedCrawl(ctx, deps, lane, share.target_id, query);
    return sendSharedAudit(ctx, deps, lane, share.target_id, query);
  },
});

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
  const { html, branding } = await renderAccountAuditReport(deps.store, accountId, audit, {
    paper: query.paper,
    medium: query.format,
    withHistory: false,
  });
  const subjectUrl = audit.final_url || audit.url;
  await sendReport(ctx, deps.reports.pdf, {
    html,
    format: query.format,
    paper: query.paper,
    branding,
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
  const { html, branding } = await renderAccountCrawlReport(deps.store, accountId, crawlWire(stored), sources, {
    paper: query.paper,
    medium: query.format,
  });
  await sendReport(ctx, deps.reports.pdf, {
    html,
    format: query.format,
    paper: query.paper,
    branding,
    subjectUrl: stored.url,
    slug: urlSlug(stored.url),
    lane,
  });
}
