/**
 * Sorting what a page links to: URLs on the crawl's host that robots.txt allows the Citable crawler are
 * pages to admit; links to other hosts and URLs robots.txt refuses are skipped (never fetched).
 */
import type { Discovery } from '../../shared/crawl/admission.js';
import type { PageLinks } from '../../shared/crawl/page-links.js';
import { robotsAllow } from '../../shared/crawl/robots-allow.js';
import type { CrawlRobots } from '../../shared/crawl/site-findings.js';

export { robotsAllow };

/**
 * `links.refused` given: robots.txt was applied where the page was audited, and is not matched again here (`robots`
 * is only asked for when it was not). The skips carry their reason: the store counts each new one per reason with
 * the crawl's state (its notes).
 */
export function sortLinks(links: PageLinks, robots: () => CrawlRobots): Discovery {
  const pages: string[] = links.refused ? [...links.sameHost] : [];
  const refused: string[] = links.refused ? [...links.refused] : [];
  if (!links.refused) for (const url of links.sameHost) (robotsAllow(robots(), url) ? pages : refused).push(url);
  return { pages, skips: [], skipsBy: { off_host: [...links.offHost], robots: refused } };
}
