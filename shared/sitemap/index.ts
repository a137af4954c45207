/** The site's sitemap: fetched by gather, parsed and judged here. */
export { parseSitemap, isAbsoluteHttpUrl, SITEMAP_NAMESPACE, type ParsedSitemap, type SitemapEntry, type SitemapProblem } from './parse.js';
export { readSitemap, type SitemapReading } from './read.js';
export { lastmodStats, type LastmodStats } from './lastmod.js';
export { parseW3cDatetime } from './w3c-datetime.js';
export { comparableUrl } from './comparable-url.js';
