/**
 * One page of a crawl, audited: the page fetched once (on a sample page also as two AI agents and with
 * `Accept: text/markdown`), with the crawl's site files given in instead of fetched again, redirects
 * followed only on the crawl's host, then judged; the same-host links come back for discovery, read from
 * the facts the judges already extracted. Pure engine work over the injected fetcher: the server's audit
 * threads, the CLI and `citable worker` all run exactly this.
 */
import type { Audit } from '../types/audit.js';
import type { FetchErrorCode, Fetcher } from '../types/fetcher.js';
import type { Renderer } from '../types/renderer.js';
import type { Snapshot } from '../types/snapshot.js';
import type { Rule } from '../judge/rule.js';
import { JudgeContext } from '../judge/context.js';
import { gather } from '../gather/gather.js';
import type { GatheredSiteFiles } from '../gather/gather-site-files.js';
import { auditSnapshotInContext } from '../audit/audit-snapshot.js';
import { AuditRenderError, describeFetchError } from '../audit/errors.js';
import { PendingRender } from '../audit/pending-render.js';
import { markdownAvailability } from '../facts/markdown-availability.js';
import { accessSummary } from '../crawlers/agent-fetches.js';
import { pageLinks, sortByRobots, type PageLinks } from './page-links.js';
import { robotsOf } from './robots-allow.js';
import { retryAfterMs } from './retry-after.js';
import { limitedFetcher } from './limited-fetcher.js';
import type { PageSampleFindings } from './page-outcome.js';
import { pageSummary, type PageSummary } from '../fixes/digest/page-summary.js';

export interface CrawlPageRequest {
  url: string;
  crawlId: string;
  /** The crawl's host (`host` with port): its redirects and links stay on it. */
  host: string;
  /** Id of the audit to store (derived from the crawl and the URL, so a retry stores the same one). */
  auditId: string;
  /** A sample page: also fetched as AI agents and with Accept: text/markdown. */
  sample: boolean;
  /** Hand a 429 or 503 back without judging it (the crawl retries later); false on the last attempt. */
  retryBusy: boolean;
  deadlineMs: number;
  /** Requests at the host at once for this page (its share of CRAWL_HOST_CONCURRENCY); absent: no bound. */
  maxRequests?: number;
  /** Also load the page in the host's browser (the crawl's `render`: every page, or its sample pages). */
  render?: boolean;
}

export type CrawlPageResult =
  | { kind: 'audited'; audit: Audit; httpStatus: number; links: PageLinks; sample: PageSampleFindings | null; summary: PageSummary }
  | { kind: 'busy'; httpStatus: number; retryAfterMs: number | null }
  | { kind: 'off-site'; httpStatus: number; location: string }
  | { kind: 'failed'; code: FetchErrorCode | 'render'; message: string };

export interface CrawlPageDeps {
  fetcher: Fetcher;
  /** The crawl's site files, fetched once; absent: gathered for this page. */
  siteFiles?: GatheredSiteFiles;
  signal?: AbortSignal;
  now?: () => Date;
  onRuleError?: (rule: Rule, error: unknown) => void;
  /** The host's browser, for pages with `render`; absent: such a page fails with the reason. */
  renderer?: Renderer;
  /** Told once the page's fetches are done (a rendered page then only waits for its browser). */
  onGathered?: PageGathered;
}

/**
 * A page's fetches are done. A page that still waits for its render tells, with it, where it links to (its server
 * HTML's links, robots.txt applied, the same as its result will carry), so a crawl can go on to them meanwhile.
 */
export type PageGathered = (links?: PageLinks) => void;

const BUSY = new Set([429, 503]);
const REDIRECT = new Set([301, 302, 303, 307, 308]);

export async function auditCrawlPage(req: CrawlPageRequest, deps: CrawlPageDeps): Promise<CrawlPageResult> {
  const render = req.render && deps.renderer ? new PendingRender(deps.renderer, req.url, deps.signal) : null;
  try {
    if (req.render && !render) return { kind: 'failed', code: 'render', message: 'This host cannot render pages: no browser was given' };
    const snapshot = await gather(req.url, req.url, {
      fetcher: req.maxRequests ? limitedFetcher(deps.fetcher, req.maxRequests) : deps.fetcher,
      origin: 'crawl',
      limits: { deadlineMs: req.deadlineMs },
      agentFetches: req.sample,
      markdownProbe: req.sample,
      pageRedirectHosts: [req.host],
      ...(deps.siteFiles ? { siteFiles: deps.siteFiles } : {}),
      ...(deps.signal ? { signal: deps.signal } : {}),
      ...(deps.now ? { now: deps.now } : {}),
    });
    const unjudged = unjudgedPage(req, snapshot, deps);
    if (unjudged || !render) {
      deps.onGathered?.();
      return unjudged ?? judgePage(req, snapshot, deps);
    }
    // The links come from the server's HTML, parsed once for them and for the judging after the render.
    const links = linksOf(req, new JudgeContext(snapshot), deps);
    deps.onGathered?.(links);
    try {
      return judgePage(req, { ...snapshot, rendered: await render.result() }, deps, links);
    } catch (error) {
      if (!(error instanceof AuditRenderError) || error.code === 'aborted') throw error;
      return { kind: 'failed', code: 'render', message: error.message };
    }
  } finally {
    render?.stop();
  }
}

/** A page that is not judged: it could not be fetched, its host is busy (retried later), or it redirects away. */
function unjudgedPage(req: CrawlPageRequest, snapshot: Snapshot, deps: CrawlPageDeps): CrawlPageResult | null {
  const page = snapshot.page;
  if (page.error)
    return { kind: 'failed', code: page.error.code, message: describeFetchError(page.error.code, req.url, page.error.message) };
  if (req.retryBusy && BUSY.has(page.status))
    return { kind: 'busy', httpStatus: page.status, retryAfterMs: retryAfterMs(page.headers['retry-after'], deps.now?.() ?? new Date()) };
  const location = page.headers.location;
  if (REDIRECT.has(page.status) && location)
    return { kind: 'off-site', httpStatus: page.status, location: new URL(location, page.finalUrl).href };
  return null;
}

function judgePage(req: CrawlPageRequest, snapshot: Snapshot, deps: CrawlPageDeps, knownLinks?: PageLinks): CrawlPageResult {
  const { audit, ctx } = auditSnapshotInContext(snapshot, {
    id: req.auditId,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.onRuleError ? { onRuleError: deps.onRuleError } : {}),
  });
  audit.crawl_id = req.crawlId;
  const sample = req.sample
    ? {
        markdown: snapshot.markdown && !snapshot.markdown.error ? markdownAvailability(ctx).negotiated : null,
        agents_asked: accessSummary(ctx).agents.length,
        agents_blocked: accessSummary(ctx).agents.filter((a) => a.blocked).length,
      }
    : null;
  return {
    kind: 'audited',
    audit,
    httpStatus: snapshot.page.status,
    links: knownLinks ?? linksOf(req, ctx, deps),
    sample,
    summary: pageSummary(ctx),
  };
}

/** Where the page leads: robots.txt applied here, where the page is judged (an audit thread in the server), not by the crawl's own thread. */
function linksOf(req: CrawlPageRequest, ctx: JudgeContext, deps: CrawlPageDeps): PageLinks {
  const links = pageLinks(ctx, req.host);
  return deps.siteFiles ? sortByRobots(links, robotsOf(deps.siteFiles)) : links;
}
