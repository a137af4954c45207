/**
 * The AI crawler traffic a crawl's client report shows (docs/reports.md#ai-crawler-traffic): the traffic of the
 * account's project whose domain or aliases name the crawled site, over the report's window (the
 * TRAFFIC_WINDOW_DAYS UTC days up to the day the crawl finished), read from the project's stored rollups as
 * GET /projects/{id}/traffic reads them, and the crawl's audited pages no AI agent fetched in that window.
 * A site without a project, or a project without traffic in the window, costs one list of the account's projects
 * and, per project of the site, one read of its rollups; the report then has no traffic section.
 */
import type { CrawlPage, ReportCrawl, ReportTraffic } from '../../shared/report/types.js';
import type { StoredProject } from '../store/contracts/projects.js';
import type { Store } from '../store/contracts/store.js';
import { countsOfDays } from '../traffic/traffic-of-days.js';

export const TRAFFIC_WINDOW_DAYS = 30;
/** Pages listed by path in the report (the section shows fewer; the count covers them all). */
const NOT_FETCHED_URLS = 50;
const DAY_MS = 86_400_000;

const bare = (host: string) =>
  host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');

function hostOf(url: string): string | null {
  try {
    return bare(new URL(url).hostname);
  } catch {
    return null;
  }
}

/** The report's window: `days` UTC days ending on the day the crawl finished (or started, or was made). */
export function reportWindow(crawl: Pick<ReportCrawl, 'finished_at' | 'started_at' | 'created_at'>, days = TRAFFIC_WINDOW_DAYS) {
  const end = Date.parse(crawl.finished_at ?? crawl.started_at ?? crawl.created_at);
  const untilMs = Math.floor((Number.isNaN(end) ? Date.now() : end) / DAY_MS) * DAY_MS;
  const sinceMs = untilMs - (days - 1) * DAY_MS;
  const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { since: date(sinceMs), until: date(untilMs), sinceMs, untilMs: untilMs + DAY_MS - 1 };
}

/** The account's projects whose domain or an alias is the crawled site's host (`www.` aside). */
export async function projectsOfSite(store: Store, accountId: string, siteUrl: string): Promise<StoredProject[]> {
  const host = hostOf(siteUrl);
  if (!host) return [];
  const projects = await (await store.projects()).list(accountId);
  return projects.filter((p) => [p.domain, ...p.aliases].some((name) => bare(name) === host));
}

/** The first project of the site with traffic in the window, as the report shows it; null when none has any. */
export async function crawlReportTraffic(
  store: Store,
  accountId: string,
  crawl: ReportCrawl,
  pages: readonly Pick<CrawlPage, 'url'>[],
): Promise<ReportTraffic | null> {
  const projects = await projectsOfSite(store, accountId, crawl.url);
  if (projects.length === 0) return null;
  const window = reportWindow(crawl);
  const traffic = await store.traffic();
  for (const project of projects) {
    const blocks = await traffic.listWindow(project.id, window.since, window.until);
    if (blocks.length === 0) continue;
    const counts = countsOfDays(blocks, { since: window.sinceMs, until: window.untilMs }, { agent: null, purpose: null }).traffic;
    if (!counts.agents.some((a) => a.hits > 0) && !counts.referrals.some((r) => r.visits > 0)) continue;
    const { agents, purposes, referrals, series } = counts;
    return {
      since: window.since,
      until: window.until,
      traffic: { agents, purposes, referrals, series },
      notFetched: await notFetched(store, project, pages, window),
    };
  }
  return null;
}

/** The audited pages (by path, query aside) no AI agent fetched in the window. */
async function notFetched(
  store: Store,
  project: StoredProject,
  pages: readonly Pick<CrawlPage, 'url'>[],
  window: { since: string; until: string },
): Promise<ReportTraffic['notFetched']> {
  const byPath = new Map<string, string>();
  for (const page of pages) {
    try {
      const path = new URL(page.url).pathname || '/';
      if (!byPath.has(path)) byPath.set(path, page.url);
    } catch {
      // a page whose URL does not parse is not listed
    }
  }
  if (byPath.size === 0) return null;
  const fetched = await (await store.traffic()).fetchedPaths(project.id, [...byPath.keys()], window.since, window.until);
  const missing = [...byPath].filter(([path]) => !fetched.has(path)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { pages: missing.length, of: byPath.size, urls: missing.slice(0, NOT_FETCHED_URLS).map(([, url]) => url) };
}
