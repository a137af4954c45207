/** Whether robots.txt, as a crawl read it, allows the Citable crawler a URL (its path and query). */
import type { GatheredSiteFiles } from '../gather/gather-site-files.js';
import { robotsDecision } from '../robots/read.js';
import { CRAWLER_TOKEN } from './crawler-token.js';
import { robotsPathOf } from './crawl-url.js';
import { crawlRobots, robotsVerdict, type CrawlRobots, type StartRobots } from './site-findings.js';

export function robotsAllow(robots: CrawlRobots, url: string): boolean {
  return robotsDecision(robots.reading, CRAWLER_TOKEN, robotsPathOf(url)).allowed;
}

/** robots.txt of a crawl's site files, read once per files object (a thread keeps them for every page of the crawl). */
const robotsOfFiles = new WeakMap<GatheredSiteFiles, CrawlRobots>();
export function robotsOf(files: GatheredSiteFiles): CrawlRobots {
  let robots = robotsOfFiles.get(files);
  if (!robots) robotsOfFiles.set(files, (robots = crawlRobots(files)));
  return robots;
}

/** robots.txt read for a crawl's start: its verdict, and whether it allows `startUrl` (run where pages are audited). */
export function startRobots(files: GatheredSiteFiles, startUrl: string): StartRobots {
  const robots = robotsOf(files);
  return { verdict: robotsVerdict(robots), startAllowed: robotsAllow(robots, startUrl) };
}
