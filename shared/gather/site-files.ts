import type { FetchedResource } from '../types/fetcher.js';
import type { Snapshot } from '../types/snapshot.js';

const TEXT_ACCEPT = 'text/plain, text/markdown;q=0.9, */*;q=0.5';

/**
 * The files every audit fetches from the site's origin, keyed by the snapshot member that holds them.
 * Adding one is a row here and a member in Snapshot; the sitemap is apart because robots.txt may name it.
 */
export const SITE_FILES = {
  robotsTxt: { path: '/robots.txt', accept: TEXT_ACCEPT },
  llmsTxt: { path: '/llms.txt', accept: TEXT_ACCEPT },
  llmsFullTxt: { path: '/llms-full.txt', accept: TEXT_ACCEPT },
  tdmrep: { path: '/.well-known/tdmrep.json', accept: 'application/json' },
} as const satisfies Partial<Record<keyof Snapshot, { path: string; accept: string }>>;

export type SiteFileMember = keyof typeof SITE_FILES;
export type SiteFileFetches = { [K in SiteFileMember]: Promise<FetchedResource> };

/** Starts fetching every site file of `origin`; `fetchFile` never rejects (failures are resources). */
export function fetchSiteFiles(origin: string, fetchFile: (url: string, accept: string) => Promise<FetchedResource>): SiteFileFetches {
  const fetches = {} as SiteFileFetches;
  for (const member of Object.keys(SITE_FILES) as SiteFileMember[]) {
    const { path, accept } = SITE_FILES[member];
    fetches[member] = fetchFile(new URL(path, origin).href, accept);
  }
  return fetches;
}
