/**
 * The start of a crawl, before any page is audited: the start URL resolved (a bare host tried over https,
 * then http; redirects within the same site followed, so example.com → www.example.com crawls www), the
 * host the crawl then stays on, and the site files fetched once (robots.txt among them: the page runner reads it,
 * on an audit thread in the server, crawl-run.ts).
 * Every request goes through the host gate and the SSRF-guarded fetcher.
 */
import { describeFetchError } from '../../shared/audit/errors.js';
import { gatherSiteFiles, type GatheredSiteFiles } from '../../shared/gather/gather-site-files.js';
import { DEFAULT_LIMITS } from '../../shared/gather/limits.js';
import { BROWSER_USER_AGENT, HTML_ACCEPT } from '../../shared/gather/user-agents.js';
import { failedResource } from '../../shared/gather/failed-resource.js';
import type { FetchedResource, Fetcher, FetchOptions } from '../../shared/types/fetcher.js';
import { normalizeAuditUrl } from '../../shared/url/normalize.js';
import { parseUrl } from '../../shared/url/parse.js';
import { sameSite } from '../../shared/url/site.js';
import { normalizeCrawlUrl } from '../../shared/crawl/crawl-url.js';
import type { HostGate } from './host-gate.js';

const MAX_START_REDIRECTS = 5;
const RETRY_OVER_HTTP = new Set(['refused', 'tls', 'network']);

export type CrawlStart =
  { ok: true; startUrl: string; host: string; origin: string; files: GatheredSiteFiles } | { ok: false; error: string };

export interface StartDeps {
  fetcher: Fetcher;
  gate: HostGate;
  signal: AbortSignal;
  requestTimeoutMs?: number;
}

/** A fetch that waits for its turn at the host (and its Crawl-delay, once robots.txt has given one). */
export function gatedFetch(deps: StartDeps, delayMs = 0) {
  return async (url: string, options: FetchOptions): Promise<FetchedResource> => {
    const host = parseUrl(url)?.host ?? '';
    let pass;
    try {
      pass = await deps.gate.acquire(host, { delayMs, signal: deps.signal });
    } catch {
      return failedResource(url, 'aborted', 'the crawl was stopped');
    }
    try {
      return await deps.fetcher.fetch(url, {
        timeoutMs: deps.requestTimeoutMs ?? DEFAULT_LIMITS.requestTimeoutMs,
        signal: deps.signal,
        ...options,
      });
    } finally {
      pass.release();
    }
  };
}

export async function startCrawlSite(submitted: string, deps: StartDeps): Promise<CrawlStart> {
  const normalized = normalizeAuditUrl(submitted);
  if (!normalized.ok) return { ok: false, error: normalized.message };
  const get = gatedFetch(deps);
  let url = normalizeCrawlUrl(normalized.url) ?? normalized.url;
  let probe = await probeStart(url, get);
  if (probe.error && normalized.bareHost && RETRY_OVER_HTTP.has(probe.error.code)) {
    const overHttp = url.replace(/^https:/, 'http:');
    const retry = await probeStart(overHttp, get);
    if (!retry.error) [url, probe] = [overHttp, retry];
  }
  for (let hops = 0; ; hops++) {
    if (probe.error) return { ok: false, error: describeFetchError(probe.error.code, submitted, probe.error.message) };
    const location = probe.headers.location;
    if (!(probe.status >= 300 && probe.status < 400 && location)) break;
    const next = normalizeCrawlUrl(location, url);
    const nextHost = next ? parseUrl(next)!.hostname : null;
    if (!next || !nextHost || !sameSite(nextHost, parseUrl(url)!.hostname)) {
      return {
        ok: false,
        error: `Cannot crawl ${submitted}: the start page redirects to another site (${location.slice(0, 200)}); crawl that site instead.`,
      };
    }
    if (hops >= MAX_START_REDIRECTS) return { ok: false, error: describeFetchError('too_many_redirects', submitted) };
    url = next;
    probe = await probeStart(url, get);
  }
  const { host, origin } = parseUrl(url)!;
  const files = await gatherSiteFiles(
    origin,
    (u, maxBytes, headers) => get(u, { maxBytes, headers: headers ?? {} }),
    DEFAULT_LIMITS.siteFileBytes,
  );
  return { ok: true, startUrl: url, host, origin, files };
}

/** The start URL asked once without following redirects off its host, reading at most a byte of it. */
function probeStart(url: string, get: ReturnType<typeof gatedFetch>): Promise<FetchedResource> {
  const host = parseUrl(url)?.host ?? '';
  return get(url, { maxBytes: 1, redirectHosts: [host], headers: { 'user-agent': BROWSER_USER_AGENT, accept: HTML_ACCEPT } });
}
