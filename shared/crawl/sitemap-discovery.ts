/**
 * Discovery from sitemaps: every `Sitemap:` line of robots.txt, else /sitemap.xml; indexes
 * followed to their children (each file read once, so an index that lists itself or loops ends), gzip read.
 * Only the crawl's origin is read: `Sitemap:` lines and entries on another scheme, host or port (the same host on
 * another port included) are never fetched, and are counted as skipped with a note. Bounded: at most
 * MAX_SITEMAP_FILES files are read and only they are ever queued (further children are counted), and URLs
 * beyond MAX_SITEMAP_URLS (fewer for a small crawl: sitemapUrlRoom) are only counted. Each file is read by `read` (sitemap-file.ts; the server runs it
 * on an audit thread), which hands back bounded lists: what is left here is a loop over at most 50 files.
 */
import type { GatheredSiteFiles } from '../gather/gather-site-files.js';
import { plural } from '../judge/wording.js';
import { sitemapUrlsFromRobots } from '../robots/sitemap-lines.js';
import { parseUrl } from '../url/parse.js';
import { normalizeCrawlUrl } from './crawl-url.js';
import type { SitemapRead } from './site-findings.js';
import { SITEMAP_DISCOVERY_BYTES, type SitemapFileRequest, type SitemapFileResult } from './sitemap-file.js';

export { SITEMAP_DISCOVERY_BYTES } from './sitemap-file.js';
export const MAX_SITEMAP_FILES = 50;
export const MAX_SITEMAP_URLS = 50_000;

export interface SitemapDiscovery {
  /** Page URLs on the crawl's origin that robots.txt allows, normalised, in file order (duplicates removed by admission). */
  urls: string[];
  /** Page URLs on the crawl's origin that robots.txt refuses Citable: skipped. */
  refused: string[];
  /** Page URLs, child sitemaps and `Sitemap:` lines on another scheme, host or port: skipped, never fetched. */
  offSite: string[];
  /** URLs listed beyond MAX_SITEMAP_URLS: counted as skipped, never fetched. */
  uncounted: number;
  sitemaps: SitemapRead[];
  notes: string[];
}

/** Reads one sitemap file (fetch, parse, sort); may reject (the file is then recorded as an error). */
export type SitemapFileReader = (request: SitemapFileRequest) => Promise<SitemapFileResult>;

/**
 * The sitemap URLs a crawl of `maxPages` keeps (sorted and admitted one by one); those beyond are only counted. A
 * crawl never audits more than max_pages, and four times that (at least 1,000) leaves room for duplicates and for
 * entries robots.txt refuses or on another site, while a crawl of 20 pages of a site listing 50,000 never carries
 * the other 49,000 through its own thread, its memory and its store.
 */
export function sitemapUrlRoom(maxPages: number): number {
  return Math.min(MAX_SITEMAP_URLS, Math.max(1_000, 4 * maxPages));
}

/** `maxUrls`: the URLs kept (sitemapUrlRoom), at most MAX_SITEMAP_URLS. */
export async function discoverFromSitemaps(
  files: GatheredSiteFiles,
  read: SitemapFileReader,
  maxUrls = MAX_SITEMAP_URLS,
): Promise<SitemapDiscovery> {
  const room = Math.min(maxUrls, MAX_SITEMAP_URLS);
  const out: SitemapDiscovery = { urls: [], refused: [], offSite: [], uncounted: 0, sitemaps: [], notes: [] };
  const origin = parseUrl(files.origin)?.origin ?? files.origin;
  const { sameOrigin, elsewhere } = namedSitemaps(files, origin);
  out.offSite.push(...elsewhere);
  // `queue` only ever holds files that will be read (at most MAX_SITEMAP_FILES): `next` walks it, nothing shifts.
  const queue = sameOrigin.slice(0, MAX_SITEMAP_FILES);
  let skippedFiles = sameOrigin.length - queue.length;
  let offSiteEntries = 0;
  const requestFor = (url: string): SitemapFileRequest => ({
    url,
    room: Math.max(0, room - kept(out.urls, out)),
    fileRoom: MAX_SITEMAP_FILES - queue.length,
    knownFiles: queue.slice(),
  });
  const ahead = new ReadAhead(read);
  for (let next = 0; next < queue.length; next++) {
    // The file in turn is asked first, then the next few: reads begin in queue order.
    const current = ahead.take(requestFor(queue[next]!));
    ahead.start(queue.slice(next + 1, next + 1 + READ_AHEAD), requestFor);
    const result = await current;
    const url = queue[next]!;
    out.sitemaps.push(result.read);
    queue.push(...result.children);
    skippedFiles += result.moreFiles;
    out.urls.push(...result.pages);
    out.refused.push(...result.refused);
    out.offSite.push(...result.offSite);
    offSiteEntries += result.offSite.length;
    out.uncounted += result.uncounted;
    if (result.truncated)
      out.notes.push(`The sitemap ${url} is larger than ${SITEMAP_DISCOVERY_BYTES / 1024 / 1024} MB; URLs after that were not read.`);
  }
  if (skippedFiles) out.notes.push(`${skippedFiles} more sitemap files were not read (at most ${MAX_SITEMAP_FILES} per crawl).`);
  if (elsewhere.length)
    out.notes.push(
      `robots.txt names ${plural(elsewhere.length, 'sitemap')} on another host, port or scheme than ${origin}: not read (skipped).`,
    );
  if (offSiteEntries)
    out.notes.push(
      `The sitemaps list ${plural(offSiteEntries, 'URL')} on another host, port or scheme than ${origin}: not fetched (skipped).`,
    );
  return out;
}

/** robots.txt's `Sitemap:` lines (else /sitemap.xml), normalised, each once, sorted into this origin's and the rest. */
function namedSitemaps(files: GatheredSiteFiles, origin: string): { sameOrigin: string[]; elsewhere: string[] } {
  const robots = files.files.robotsTxt;
  const named = robots.status === 200 && !robots.binary && !robots.error ? sitemapUrlsFromRobots(robots.body) : [];
  const urls = named.length ? named : [new URL('/sitemap.xml', origin).href];
  const sameOrigin: string[] = [];
  const elsewhere: string[] = [];
  for (const url of new Set(urls.map((u) => normalizeCrawlUrl(u)).filter((u): u is string => u !== null))) {
    (parseUrl(url)?.origin === origin ? sameOrigin : elsewhere).push(url);
  }
  return { sameOrigin, elsewhere };
}

/** The URLs a list holds against the room: its pages (a discovery's `urls`, a file's `pages`), refused and off-site. */
function kept(pages: string[], { refused, offSite }: { refused: string[]; offSite: string[] }): number {
  return pages.length + refused.length + offSite.length;
}

/** Files read ahead of their turn: the next few in the queue, while the current one is read. */
const READ_AHEAD = 3;

/**
 * Reads the next files of the queue while the current one is read (each read still waits for the host's budget), so
 * the children of an index are not fetched one after another. A file read ahead was asked with the room and the
 * queue of that moment; its answer is used when the file's turn comes only if the exact request would have given the
 * same: it kept no more URLs than the room left now, and it named no child sitemaps or the queue has not changed
 * since. Otherwise the file is read again, in turn (only when the sitemaps outgrow the crawl's room, or an index
 * follows an index).
 */
class ReadAhead {
  readonly #started = new Map<string, { request: SitemapFileRequest; result: Promise<SitemapFileResult> }>();

  constructor(private readonly read: SitemapFileReader) {}

  start(urls: string[], requestFor: (url: string) => SitemapFileRequest): void {
    for (const url of urls) {
      if (this.#started.has(url)) continue;
      const request = requestFor(url);
      const result = readOrError(this.read, request);
      this.#started.set(url, { request, result });
    }
  }

  take(exact: SitemapFileRequest): Promise<SitemapFileResult> {
    const early = this.#started.get(exact.url);
    this.#started.delete(exact.url);
    return early ? this.#checked(early, exact) : readOrError(this.read, exact);
  }

  async #checked(early: { request: SitemapFileRequest; result: Promise<SitemapFileResult> }, exact: SitemapFileRequest) {
    const result = await early.result;
    const sameRoom = kept(result.pages, result) <= exact.room;
    const sameQueue =
      (result.children.length === 0 && result.moreFiles === 0) || early.request.knownFiles.length === exact.knownFiles.length;
    return sameRoom && sameQueue ? result : readOrError(this.read, exact);
  }
}

async function readOrError(read: SitemapFileReader, request: SitemapFileRequest): Promise<SitemapFileResult> {
  try {
    return await read(request);
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    return {
      read: { url: request.url, status: 'error', urls: 0, problems: [problem] },
      children: [],
      moreFiles: 0,
      pages: [],
      refused: [],
      offSite: [],
      uncounted: 0,
      truncated: false,
    };
  }
}
