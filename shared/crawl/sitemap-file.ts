/**
 * One sitemap file as a crawl's discovery reads it (sitemap-discovery.ts walks the files): fetched (gzip
 * decompressed within SITEMAP_DISCOVERY_BYTES), parsed, and its entries sorted. A sitemap index gives child
 * sitemaps, at most `fileRoom` new ones (the rest are counted); a urlset, RSS/Atom feed or text list gives pages,
 * kept up to `room` URLs and counted beyond. Only URLs on the crawl's origin (scheme, host and port) are followed:
 * entries elsewhere are skipped and counted. Page URLs robots.txt refuses Citable are skipped too. All of this is
 * work in proportion to a file of up to 16 MB, so the server runs it on an audit thread
 * (server/audits/worker-runner.ts), and only the sorted, bounded lists come back to the thread that serves the API.
 */
import type { FetchedResource, Fetcher } from '../types/fetcher.js';
import type { GatheredSiteFiles } from '../gather/gather-site-files.js';
import { SITEMAP_ACCEPT } from '../gather/gather-site-files.js';
import { BROWSER_USER_AGENT } from '../gather/user-agents.js';
import { parseSitemap, type ParsedSitemap } from '../sitemap/parse.js';
import { looksGzipped } from '../sitemap/gzip-magic.js';
import { parseUrl } from '../url/parse.js';
import { normalizeCrawlUrl } from './crawl-url.js';
import { robotsAllow, robotsOf } from './robots-allow.js';
import type { CrawlRobots, SitemapRead } from './site-findings.js';

/** The protocol allows 50 MB per file; a crawl of at most 10,000 pages reads the first 16 MB. */
export const SITEMAP_DISCOVERY_BYTES = 16 * 1024 * 1024;

export interface SitemapFileRequest {
  url: string;
  /** Page URLs discovery can still keep (refused and off-site ones included); beyond that they are only counted. */
  room: number;
  /** New child sitemaps discovery can still read; beyond that they are only counted. */
  fileRoom: number;
  /** Sitemaps already read or queued (at most the crawl's MAX_SITEMAP_FILES): not returned as children again. */
  knownFiles: string[];
}

export interface SitemapFileResult {
  read: SitemapRead;
  /** New child sitemaps of an index, on the crawl's origin, normalised: at most `fileRoom`. */
  children: string[];
  /** Child sitemaps beyond `fileRoom`: not read, counted. */
  moreFiles: number;
  /** Page URLs on the crawl's origin that robots.txt allows, normalised, in file order. */
  pages: string[];
  /** Page URLs on the crawl's origin that robots.txt refuses Citable. */
  refused: string[];
  /** Page URLs and child sitemaps on another scheme, host or port: never fetched. */
  offSite: string[];
  /** Entries beyond `room` (or beyond what the parser keeps of a file): counted as skipped. */
  uncounted: number;
  /** The file was longer than SITEMAP_DISCOVERY_BYTES: its end was not read. */
  truncated: boolean;
}

export interface SitemapFileDeps {
  fetcher: Fetcher;
  /** The crawl's site files: its origin, robots.txt, and the sitemap its start fetched (reused when whole). */
  files: GatheredSiteFiles;
  /** robots.txt as the crawl reads it (default: read from `files`). */
  robots?: CrawlRobots;
  signal?: AbortSignal;
}

export async function readSitemapFile(request: SitemapFileRequest, deps: SitemapFileDeps): Promise<SitemapFileResult> {
  const { url } = request;
  const given = deps.files.files.sitemap;
  // The audits' copy of the first sitemap serves when it is whole text; otherwise it is read again with gzip and a larger cap.
  const reusable = given.url === url && !given.error && !given.truncated && !given.binary && !looksGzipped(given.body);
  const res = reusable
    ? given
    : await deps.fetcher.fetch(url, {
        maxBytes: SITEMAP_DISCOVERY_BYTES,
        gunzipBody: true,
        headers: { 'user-agent': BROWSER_USER_AGENT, accept: SITEMAP_ACCEPT },
        ...(deps.signal ? { signal: deps.signal } : {}),
      });
  const { read, parsed } = readOne(url, res);
  const result: SitemapFileResult = {
    read,
    children: [],
    moreFiles: 0,
    pages: [],
    refused: [],
    offSite: [],
    uncounted: 0,
    truncated: Boolean(res.truncated),
  };
  if (!parsed) return result;
  const origin = parseUrl(deps.files.origin)?.origin ?? deps.files.origin;
  if (parsed.kind === 'sitemapindex') sortChildren(parsed, request, origin, result);
  else sortPages(parsed, request.room, origin, deps.robots ?? robotsOf(deps.files), result);
  return result;
}

function sortChildren(parsed: ParsedSitemap, request: SitemapFileRequest, origin: string, out: SitemapFileResult): void {
  const known = new Set(request.knownFiles);
  for (const entry of parsed.entries) {
    const child = entry.loc ? normalizeCrawlUrl(entry.loc) : null;
    if (!child || known.has(child)) continue;
    known.add(child);
    if (parseUrl(child)?.origin !== origin) {
      if (out.offSite.length < request.room) out.offSite.push(child);
      else out.uncounted++;
    } else if (out.children.length < request.fileRoom) out.children.push(child);
    else out.moreFiles++;
  }
}

function sortPages(parsed: ParsedSitemap, room: number, origin: string, robots: CrawlRobots, out: SitemapFileResult): void {
  let kept = 0;
  for (const entry of parsed.entries) {
    const page = entry.loc ? normalizeCrawlUrl(entry.loc) : null;
    if (!page) continue;
    if (kept >= room) {
      out.uncounted++;
      continue;
    }
    kept++;
    if (parseUrl(page)?.origin !== origin) out.offSite.push(page);
    else if (robotsAllow(robots, page)) out.pages.push(page);
    else out.refused.push(page);
  }
  out.uncounted += Math.max(0, parsed.entryCount - parsed.entries.length);
}

function readOne(url: string, res: FetchedResource): { read: SitemapRead; parsed: ParsedSitemap | null } {
  if (res.error) return { read: { url, status: 'error', urls: 0, problems: [res.error.message || res.error.code] }, parsed: null };
  if (res.status === 404 || res.status === 410) return { read: { url, status: 'missing', urls: 0, problems: [] }, parsed: null };
  if (res.status < 200 || res.status >= 300)
    return { read: { url, status: 'error', urls: 0, problems: [`HTTP ${res.status}`] }, parsed: null };
  if (res.binary || looksGzipped(res.body))
    return {
      read: { url, status: 'invalid', urls: 0, problems: ['the file is not text (a compressed sitemap that could not be read?)'] },
      parsed: null,
    };
  const parsed = parseSitemap(res.body);
  const problems = parsed.problems.map((p) => p.message);
  const status = parsed.kind === 'unknown' ? 'invalid' : 'read';
  return { read: { url, status, urls: parsed.entryCount, problems }, parsed: parsed.kind === 'unknown' ? null : parsed };
}
