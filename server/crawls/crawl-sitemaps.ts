/**
 * A crawl's sitemaps: discovered (shared/crawl/sitemap-discovery.ts) with each file read by the page runner (on
 * the server's audit threads: fetch, gunzip, parse and sorting of up to 16 MB never run on the thread that serves
 * the API) after its turn at the host gate and its Crawl-delay, then admitted to the crawl in chunks, each its own
 * store write, so that 50,000 URLs never make one long step.
 */
import type { QueuedUrl } from '../../shared/crawl/admission.js';
import { MAX_CRAWL_DELAY_S, type RobotsVerdict } from '../../shared/crawl/site-findings.js';
import {
  discoverFromSitemaps,
  sitemapUrlRoom,
  type SitemapDiscovery,
  type SitemapFileReader,
} from '../../shared/crawl/sitemap-discovery.js';
import { readSitemapFile } from '../../shared/crawl/sitemap-file.js';
import type { GatheredSiteFiles } from '../../shared/gather/gather-site-files.js';
import type { Fetcher } from '../../shared/types/fetcher.js';
import { parseUrl } from '../../shared/url/parse.js';
import type { CrawlStore } from '../store/contracts/crawls.js';
import type { HostGate } from './host-gate.js';
import type { CrawlPageRunner } from './page-runner.js';

/** URLs per admission write: each is one step on the API thread (deciding and recording 2,000 took 35 ms there). */
export const ADMIT_CHUNK = 500;

export interface SitemapDeps {
  pages: CrawlPageRunner;
  /** Reads the sitemaps on this thread when the page runner cannot (queued crawls' coordinators). */
  fetcher: Fetcher;
  gate: HostGate;
  crawlId: string;
  files: GatheredSiteFiles;
  /** Its Crawl-delay spaces the reads (a reader on this thread applies the rules itself, read once per files object). */
  robots: RobotsVerdict;
  signal: AbortSignal;
  /** The crawl's max_pages: the sitemap URLs kept are bounded by it (sitemapUrlRoom), the rest only counted. */
  maxPages: number;
}

/** The sitemaps' URLs, read in the background while the start page is audited; never rejects. */
export function discoverSitemaps(deps: SitemapDeps): Promise<SitemapDiscovery> {
  const { pages, gate, signal, files } = deps;
  const delayMs = Math.min(deps.robots.crawlDelay ?? 0, MAX_CRAWL_DELAY_S) * 1000;
  const keyed = { key: deps.crawlId, files };
  const readOne: SitemapFileReader = pages.readSitemap
    ? (request) => pages.readSitemap!(request, keyed, signal)
    : (request) => readSitemapFile(request, { fetcher: deps.fetcher, files, signal });
  const read: SitemapFileReader = async (request) => {
    const pass = await gate.acquire(parseUrl(request.url)?.host ?? '', { delayMs, signal });
    try {
      return await readOne(request);
    } finally {
      pass.release();
    }
  };
  const found = discoverFromSitemaps(files, read, sitemapUrlRoom(deps.maxPages));
  found.catch(() => undefined);
  return found;
}

/**
 * Admits what the sitemaps list (pages, then the skipped with their reason), ADMIT_CHUNK URLs per write, the first
 * write with the sitemaps' notes; resolves with what was queued.
 */
export async function admitDiscovery(store: CrawlStore, id: string, found: SitemapDiscovery): Promise<QueuedUrl[]> {
  const queued: QueuedUrl[] = [];
  let uncounted = found.uncounted;
  let notes = found.notes;
  const skips = [...found.refused.map((url) => ['robots', url] as const), ...found.offSite.map((url) => ['off_site', url] as const)];
  const writes = Math.max(1, Math.ceil(found.urls.length / ADMIT_CHUNK) + Math.ceil(skips.length / ADMIT_CHUNK));
  for (let write = 0, page = 0, skip = 0; write < writes; write++) {
    const pages = found.urls.slice(page, page + ADMIT_CHUNK);
    page += pages.length;
    const skipped = pages.length ? [] : skips.slice(skip, skip + ADMIT_CHUNK);
    skip += skipped.length;
    const skipsBy = {
      robots: skipped.filter((s) => s[0] === 'robots').map((s) => s[1]),
      off_site: skipped.filter((s) => s[0] === 'off_site').map((s) => s[1]),
    };
    const discovery = { pages, skips: [], skipsBy, ...(uncounted ? { uncounted } : {}), ...(notes.length ? { notes } : {}) };
    queued.push(...(await store.admit(id, discovery)));
    uncounted = 0;
    notes = [];
  }
  return queued;
}
