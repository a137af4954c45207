/**
 * One spelling per page for a crawl (docs/api-decisions.md#crawls): http(s) only, no user name or password, the
 * fragment dropped, the default port removed, the host lower-cased (the URL parser does both), an empty
 * query mark dropped. Everything else (path case, trailing slash, query order) is kept: servers may tell
 * those apart, and a crawler that merged them could skip a real page.
 */
import { parseUrl } from '../url/parse.js';

/** Longest URL a crawl follows; longer ones are almost always generated traps. */
export const MAX_CRAWL_URL_LENGTH = 2048;

export function normalizeCrawlUrl(href: string, base?: string | URL): string | null {
  const url = parseUrl(href.trim(), base);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  if (url.username || url.password) return null;
  url.hash = '';
  const out = url.href.endsWith('?') ? url.href.slice(0, -1) : url.href;
  return out.length <= MAX_CRAWL_URL_LENGTH ? out : null;
}

/** `host` as URL spells it (with a non-default port): what "the same host" compares. */
export function hostOfUrl(url: string): string | null {
  return parseUrl(url)?.host ?? null;
}

/** The path and query robots.txt rules are matched against. */
export function robotsPathOf(url: string): string {
  const parsed = parseUrl(url);
  return parsed ? `${parsed.pathname}${parsed.search}` : '/';
}
