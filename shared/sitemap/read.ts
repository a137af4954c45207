import type { JudgeContext } from '../judge/context.js';
import { classifySiteFile, type SiteFile } from '../llms-txt/site-file.js';
import { sitemapUrlsFromRobots } from '../robots/sitemap-lines.js';
import { looksGzipped } from './gzip-magic.js';
import { parseSitemap, type ParsedSitemap } from './parse.js';

export interface SitemapReading {
  file: SiteFile;
  /** The URL that was fetched (robots.txt's first `Sitemap:` line, else /sitemap.xml), or null. */
  url: string | null;
  /** `Sitemap:` URLs of robots.txt; null when robots.txt could not be read (missing, error). */
  robotsSitemaps: string[] | null;
  /** True when the fetched sitemap is one robots.txt names. */
  fromRobots: boolean;
  /** A gzip-compressed sitemap (allowed by the protocol): `parsed` is null when the host could not decompress it. */
  gzip: boolean;
  /** The parsed contents, when the file was text. */
  parsed: ParsedSitemap | null;
  /** True when the file parsed as a sitemap with no error-level problem. */
  valid: boolean;
}

/** The sitemap the audit fetched, parsed once per audit. */
export function readSitemap(ctx: JudgeContext): SitemapReading {
  return ctx.memo('sitemap:reading', () => {
    const resource = ctx.snapshot.sitemap;
    const fetched = classifySiteFile(resource);
    // Gzip bytes decoded as text (served as application/xml): a compressed sitemap, not a broken one.
    const gzipAsText = fetched.kind === 'text' && looksGzipped(fetched.text);
    const file: SiteFile = gzipAsText ? { kind: 'binary', contentType: fetched.contentType } : fetched;
    const robots = ctx.snapshot.robotsTxt;
    const robotsReadable = robots !== null && !robots.error && robots.status >= 200 && robots.status < 300 && !robots.binary;
    const robotsSitemaps = robotsReadable ? sitemapUrlsFromRobots(robots.body) : null;
    const url = resource?.url ?? null;
    const gzip =
      resource?.gunzipped === true ||
      gzipAsText ||
      (file.kind === 'binary' && (/gzip/.test(file.contentType) || /\.gz(?:$|\?)/i.test(resource?.finalUrl ?? url ?? '')));
    const parsed = file.kind === 'text' ? parseSitemap(file.text) : null;
    return {
      file,
      url,
      robotsSitemaps,
      fromRobots: url !== null && (robotsSitemaps ?? []).includes(url),
      gzip,
      parsed,
      valid: parsed !== null && parsed.kind !== 'unknown' && !parsed.problems.some((p) => p.severity === 'error'),
    };
  });
}
