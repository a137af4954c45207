/**
 * Discovery from sitemaps (docs/api-decisions.md#crawls): every `Sitemap:` line of robots.txt, else /sitemap.xml;
 * indexes followed to their children (each file read once, so an index that lists itself or loops ends),
 * gzip read (the fetcher decompresses a `.xml.gz` body within its cap). Bounded: at most MAX_SITEMAP_FILES
 * files, and URLs beyond MAX_SITEMAP_URLS are only counted (they would be over any max_pages anyway).
 */
import type { FetchedResource } from '../types/fetcher.js';
import type { GatheredSiteFiles } from '../gather/gather-site-files.js';
import { sitemapUrlsFromRobots } from '../robots/sitemap-lines.js';
import { parseSitemap } from '../sitemap/parse.js';
import { looksGzipped } from '../sitemap/gzip-magic.js';
import { sameSite } from '../url/site.js';
import { hostOf } from '../url/parse.js';
import { normalizeCrawlUrl } from './crawl-url.js';
import type { SitemapRead } from './site-findings.js';

export const MAX_SITEMAP_FILES = 50;
export const MAX_SITEMAP_URLS = 50_000;
/** The protocol allows 50 MB per file; a crawl of at most 10,000 pages reads the first 16 MB. */
export const SITEMAP_DISCOVERY_BYTES = 16 * 1024 * 1024;

export interface SitemapDiscovery {
  /** Page URLs listed, normalised, in file order (duplicates removed later, by admission). */
  urls: string[];
  /** URLs listed beyond MAX_SITEMAP_URLS: counted as skipped, never fetched. */
  uncounted: number;
  sitemaps: SitemapRead[];
  notes: string[];
}

/** Fetches one sitemap as discovery reads it (the fetcher decompresses gzip bodies); never rejects. */
export type SitemapGet = (url: string) => Promise<FetchedResource>;

export async function discoverFromSitemaps(files: GatheredSiteFiles, get: SitemapGet): Promise<SitemapDiscovery> {
  const out: SitemapDiscovery = { urls: [], uncounted: 0, sitemaps: [], notes: [] };
  const robots = files.files.robotsTxt;
  const named = robots.status === 200 && !robots.binary && !robots.error ? sitemapUrlsFromRobots(robots.body) : [];
  const siteHost = new URL(files.origin).hostname;
  const queue = (named.length ? named : [new URL('/sitemap.xml', files.origin).href]).filter((u) => sameSite(hostOf(u) ?? '', siteHost));
  const visited = new Set<string>();
  const given = files.files.sitemap;
  let skippedFiles = 0;

  while (queue.length) {
    const url = queue.shift()!;
    if (visited.has(url)) continue;
    if (visited.size >= MAX_SITEMAP_FILES) {
      skippedFiles++;
      continue;
    }
    visited.add(url);
    // The audits' copy of the first sitemap serves when it is whole text; otherwise it is read again with gzip and a larger cap.
    const reusable = given.url === url && !given.error && !given.truncated && !given.binary && !looksGzipped(given.body);
    const res = reusable ? given : await get(url);
    const read = readOne(url, res);
    out.sitemaps.push(read.entry);
    if (!read.parsed) continue;
    if (read.parsed.kind === 'sitemapindex') {
      for (const e of read.parsed.entries) {
        const child = e.loc ? normalizeCrawlUrl(e.loc) : null;
        if (child && !visited.has(child) && sameSite(hostOf(child) ?? '', siteHost)) queue.push(child);
      }
      continue;
    }
    for (const e of read.parsed.entries) {
      const page = e.loc ? normalizeCrawlUrl(e.loc) : null;
      if (!page) continue;
      if (out.urls.length < MAX_SITEMAP_URLS) out.urls.push(page);
      else out.uncounted++;
    }
    out.uncounted += Math.max(0, read.parsed.entryCount - read.parsed.entries.length);
    if (res.truncated)
      out.notes.push(`The sitemap ${url} is larger than ${SITEMAP_DISCOVERY_BYTES / 1024 / 1024} MB; URLs after that were not read.`);
  }
  if (skippedFiles) out.notes.push(`${skippedFiles} more sitemap files were not read (at most ${MAX_SITEMAP_FILES} per crawl).`);
  return out;
}

function readOne(url: string, res: FetchedResource): { entry: SitemapRead; parsed: ReturnType<typeof parseSitemap> | null } {
  if (res.error) return { entry: { url, status: 'error', urls: 0, problems: [res.error.message || res.error.code] }, parsed: null };
  if (res.status === 404 || res.status === 410) return { entry: { url, status: 'missing', urls: 0, problems: [] }, parsed: null };
  if (res.status < 200 || res.status >= 300)
    return { entry: { url, status: 'error', urls: 0, problems: [`HTTP ${res.status}`] }, parsed: null };
  if (res.binary || looksGzipped(res.body))
    return {
      entry: { url, status: 'invalid', urls: 0, problems: ['the file is not text (a compressed sitemap that could not be read?)'] },
      parsed: null,
    };
  const parsed = parseSitemap(res.body);
  const problems = parsed.problems.map((p) => p.message);
  const status = parsed.kind === 'unknown' ? 'invalid' : 'read';
  return { entry: { url, status, urls: parsed.entryCount, problems }, parsed: parsed.kind === 'unknown' ? null : parsed };
}
