/** Whether robots.txt, as a crawl read it, allows the Citable crawler a URL (its path and query). */
import { robotsDecision } from '../robots/read.js';
import { CRAWLER_TOKEN } from './crawler-token.js';
import { robotsPathOf } from './crawl-url.js';
import type { CrawlRobots } from './site-findings.js';

export function robotsAllow(robots: CrawlRobots, url: string): boolean {
  return robotsDecision(robots.reading, CRAWLER_TOKEN, robotsPathOf(url)).allowed;
}
