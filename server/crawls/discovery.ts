/**
 * Sorting what a page links to: URLs on the crawl's host that robots.txt allows the Citable crawler are
 * pages to admit; links to other hosts and URLs robots.txt refuses are skipped (never fetched).
 */
import type { Discovery } from '../../shared/crawl/admission.js';
import type { PageLinks } from '../../shared/crawl/page-links.js';
import { robotsAllow } from '../../shared/crawl/robots-allow.js';
import type { CrawlRobots } from '../../shared/crawl/site-findings.js';

export { robotsAllow };

export interface SkipTally {
  robots: Set<string>;
  /** Links to other hosts. */
  offHost: Set<string>;
  /** Sitemap entries and `Sitemap:` lines on another scheme, host or port. */
  offSite: Set<string>;
}

/** Distinct URLs counted per reason, for the crawl's notes; beyond this they are no longer told apart. */
export const TALLY_LIMIT = 100_000;

/** `links.refused` given: robots.txt was applied where the page was audited, and is not matched again here. */
export function sortLinks(links: PageLinks, robots: CrawlRobots, tally?: SkipTally): Discovery {
  const pages: string[] = links.refused ? [...links.sameHost] : [];
  const refused: string[] = links.refused ?? [];
  if (!links.refused) for (const url of links.sameHost) (robotsAllow(robots, url) ? pages : refused).push(url);
  if (tally) for (const url of refused) if (tally.robots.size < TALLY_LIMIT) tally.robots.add(url);
  if (tally) for (const url of links.offHost) if (tally.offHost.size < TALLY_LIMIT) tally.offHost.add(url);
  return { pages, skips: [...links.offHost, ...refused] };
}
