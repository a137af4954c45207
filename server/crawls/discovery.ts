/**
 * Sorting what a page links to: URLs on the crawl's host that robots.txt allows the Citable crawler are
 * pages to admit; links to other hosts and URLs robots.txt refuses are skipped (never fetched).
 */
import type { Discovery } from '../../shared/crawl/admission.js';
import { CRAWLER_TOKEN } from '../../shared/crawl/crawler-token.js';
import { robotsPathOf } from '../../shared/crawl/crawl-url.js';
import type { PageLinks } from '../../shared/crawl/page-links.js';
import type { CrawlRobots } from '../../shared/crawl/site-findings.js';
import { robotsDecision } from '../../shared/robots/read.js';

export interface SkipTally {
  robots: Set<string>;
  /** Links to other hosts. */
  offHost: Set<string>;
  /** Sitemap entries and `Sitemap:` lines on another scheme, host or port. */
  offSite: Set<string>;
}

/** Distinct URLs counted per reason, for the crawl's notes; beyond this they are no longer told apart. */
export const TALLY_LIMIT = 100_000;

export function robotsAllow(robots: CrawlRobots, url: string): boolean {
  return robotsDecision(robots.reading, CRAWLER_TOKEN, robotsPathOf(url)).allowed;
}

export function sortLinks(links: PageLinks, robots: CrawlRobots, tally?: SkipTally): Discovery {
  const pages: string[] = [];
  const skips: string[] = [...links.offHost];
  for (const url of links.sameHost) {
    if (robotsAllow(robots, url)) pages.push(url);
    else {
      skips.push(url);
      if (tally && tally.robots.size < TALLY_LIMIT) tally.robots.add(url);
    }
  }
  if (tally) for (const url of links.offHost) if (tally.offHost.size < TALLY_LIMIT) tally.offHost.add(url);
  return { pages, skips };
}
