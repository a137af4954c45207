/**
 * Where a crawl goes next from one audited page: its `<a href>` links and its hreflang alternates, read from
 * the facts the judges already extracted (no second parse), normalised, each once. A page that says
 * `nofollow` (meta robots or X-Robots-Tag, for every crawler or for Citable) gives none, and `rel="nofollow"`
 * links are not followed: a polite crawler does not walk where the site asked it not to.
 */
import type { JudgeContext } from '../judge/context.js';
import { judgesDocument } from '../judge/applicability.js';
import { pageRobotsDirectives } from '../facts/robots-directives.js';
import { CRAWLER_TOKEN } from './crawler-token.js';
import { hostOfUrl, normalizeCrawlUrl } from './crawl-url.js';
import { robotsAllow } from './robots-allow.js';
import type { CrawlRobots } from './site-findings.js';

/** Links kept per page: beyond this a page is a link farm, and its tail adds nothing a crawl needs. */
export const MAX_LINKS_PER_PAGE = 1_000;

export interface PageLinks {
  /** Links on the crawl's host, in document order (only those robots.txt allows, when `refused` is given). */
  sameHost: string[];
  /** Links to other hosts (never fetched; counted as skipped). */
  offHost: string[];
  /**
   * Links on the crawl's host that robots.txt refuses Citable, when robots.txt was applied where the page was
   * audited (sortByRobots): with a hostile robots.txt that is seconds of matching, kept off the crawl's own thread.
   */
  refused?: string[];
}

export function pageLinks(ctx: JudgeContext, host: string): PageLinks {
  const out: PageLinks = { sameHost: [], offHost: [] };
  if (!judgesDocument(ctx) || saysNofollow(ctx)) return out;
  const seen = new Set<string>();
  const base = ctx.pageUrl;
  const add = (href: string | null) => {
    if (href === null || seen.size >= MAX_LINKS_PER_PAGE) return;
    const url = normalizeCrawlUrl(href, base);
    if (url === null || seen.has(url)) return;
    seen.add(url);
    (hostOfUrl(url) === host ? out.sameHost : out.offHost).push(url);
  };
  for (const anchor of ctx.facts.anchors) if (!anchor.rel.includes('nofollow')) add(anchor.href);
  for (const link of ctx.facts.links) if (link.rel.includes('alternate') && link.hreflang) add(link.href);
  return out;
}

/** The links with robots.txt applied: `sameHost` keeps what it allows, `refused` gets the rest. */
export function sortByRobots(links: PageLinks, robots: CrawlRobots): PageLinks {
  const sameHost: string[] = [];
  const refused: string[] = [];
  for (const url of links.sameHost) (robotsAllow(robots, url) ? sameHost : refused).push(url);
  return { sameHost, offHost: links.offHost, refused };
}

function saysNofollow(ctx: JudgeContext): boolean {
  return pageRobotsDirectives(ctx).some(
    (set) =>
      (set.scope === '*' || set.scope === CRAWLER_TOKEN.toLowerCase()) &&
      (set.directives.includes('nofollow') || set.directives.includes('none')),
  );
}
