/** What the fix generators read about a site: plain data, gathered by read-inputs.ts or given by a host. */
import type { PageDigest } from './digest/page-digest.js';
import type { PageSummary } from './digest/page-summary.js';

/** The site's robots.txt as it answers now. */
export type RobotsSource =
  | { state: 'text'; text: string; truncated: boolean }
  /** 404 or another 4xx: the site has none (crawlers may read everything). */
  | { state: 'missing' }
  /** A server error, an HTML page or a binary answer where the file should be. */
  | { state: 'unusable'; reason: string }
  /** Not read: the network failed on our side, or nobody asked. */
  | { state: 'unknown'; reason: string };

export interface LinkedPage extends PageSummary {
  url: string;
}

/** One audited page of a crawl, as the crawl's llms.txt lists it. */
export interface CrawlPageEntry extends LinkedPage {
  /** The crawl's URL pattern for it (`/`, `/*`, `/blog/*`). */
  template: string;
}

export interface FixInputs {
  /** The page the fixes are for (its final URL). */
  pageUrl: string;
  /** Its facts; null when it could not be read now. */
  page: PageDigest | null;
  robots: RobotsSource;
  /** The site's sitemap URL when one answered with a sitemap; null otherwise. */
  sitemapUrl: string | null;
  /** Pages the page links to on its site, read now: what an audit's llms.txt lists beside the page itself (2xx only). */
  linked: LinkedPage[];
  /** The page's main content as Markdown, for its .md twin; null when it could not be converted. */
  markdown: string | null;
  /** What could not be read, for the explanations. */
  problems: string[];
}

export function emptyInputs(pageUrl: string, problem: string): FixInputs {
  return {
    pageUrl,
    page: null,
    robots: { state: 'unknown', reason: problem },
    sitemapUrl: null,
    linked: [],
    markdown: null,
    problems: [problem],
  };
}
