import type { FetchedResource, FetchOptions } from '../types/fetcher.js';
import type { LinkCheck } from '../types/snapshot.js';
import { sitemapUrlsFromRobots } from '../robots/sitemap-lines.js';
import { BROWSER_USER_AGENT } from './user-agents.js';
import { LINK_CHECK_BYTES, linkCheckOf, llmsTxtLinkTargets } from './llms-txt-links.js';
import { fetchSiteFiles, type SiteFileMember } from './site-files.js';
import { awaitAll } from './await-all.js';

export const SITEMAP_ACCEPT = 'application/xml, text/xml;q=0.9, */*;q=0.5';

/** A GET as gather makes it: never rejects (failures are resources). */
export type GatherGet = (
  url: string,
  maxBytes: number,
  headers?: Record<string, string>,
  more?: Pick<FetchOptions, 'gunzipBody'>,
) => Promise<FetchedResource>;

/** Every site-wide file of one origin as gather reads it: the SITE_FILES table, the sitemap and the llms.txt link checks. */
export type SiteFileResources = { [K in SiteFileMember]: FetchedResource } & {
  sitemap: FetchedResource;
  llmsTxtLinks?: LinkCheck[];
};

/**
 * Site files fetched once by a host for many audits of one origin (a crawl): gather uses them instead of
 * fetching them again when the page's origin is `origin`.
 */
export interface GatheredSiteFiles {
  origin: string;
  files: SiteFileResources;
}

export type SiteFilePromises = { [K in keyof SiteFileResources]-?: Promise<SiteFileResources[K]> };

/**
 * Starts fetching every site file of `origin`: the table's files at once, the sitemap once robots.txt has
 * named one (else /sitemap.xml), and the first links of llms.txt once it has arrived.
 */
export function startSiteFiles(origin: string, get: GatherGet, siteFileBytes: number): SiteFilePromises {
  const siteFile = (url: string, accept: string, maxBytes = siteFileBytes) =>
    get(url, maxBytes, { 'user-agent': BROWSER_USER_AGENT, accept });
  const files = fetchSiteFiles(origin, siteFile);
  const sitemap = files.robotsTxt.then((robots) => {
    const fromRobots = robots.status === 200 && !robots.binary ? sitemapUrlsFromRobots(robots.body)[0] : undefined;
    // A sitemap may be gzip (sitemap.xml.gz, or gzip served as XML): the host decompresses it by its magic bytes.
    const url = fromRobots ?? new URL('/sitemap.xml', origin).href;
    return get(url, siteFileBytes, { 'user-agent': BROWSER_USER_AGENT, accept: SITEMAP_ACCEPT }, { gunzipBody: true });
  });
  const llmsTxtLinks = files.llmsTxt.then(async (llmsTxt) => {
    const targets = llmsTxtLinkTargets(llmsTxt);
    if (!targets.length) return undefined;
    const headers = { 'user-agent': BROWSER_USER_AGENT, accept: 'text/markdown, text/plain;q=0.9, */*;q=0.5' };
    return Promise.all(targets.map(async (url) => linkCheckOf(url, await get(url, LINK_CHECK_BYTES, headers))));
  });
  return { ...files, sitemap, llmsTxtLinks };
}

/** The given files as the promises gather awaits. */
export function givenSiteFiles(given: GatheredSiteFiles): SiteFilePromises {
  const out = {} as Record<string, Promise<unknown>>;
  for (const [member, resource] of Object.entries(given.files)) out[member] = Promise.resolve(resource);
  out.llmsTxtLinks ??= Promise.resolve(undefined);
  return out as SiteFilePromises;
}

/** Fetches every site file of `origin` once, for a host that audits many pages of it. */
export async function gatherSiteFiles(origin: string, get: GatherGet, siteFileBytes: number): Promise<GatheredSiteFiles> {
  const { llmsTxtLinks, ...rest } = await awaitAll(startSiteFiles(origin, get, siteFileBytes));
  return { origin, files: { ...rest, ...(llmsTxtLinks ? { llmsTxtLinks } : {}) } };
}
