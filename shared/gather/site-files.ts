import type { FetchedResource } from '../types/fetcher.js';
import type { Snapshot } from '../types/snapshot.js';
import { AGENT_FILE_BYTES, AGENT_FILES, type AgentFileMember } from '../agent-discovery/kinds.js';

/** What agents that want Markdown send: llms.txt is read the way they ask for it. */
export const LLMS_TXT_ACCEPT = 'text/markdown, text/plain;q=0.9, */*;q=0.5';

interface SiteFileRow {
  path: string;
  accept: string;
  /** A smaller cap than the site-file default, for files that are small by nature. */
  maxBytes?: number;
}

/** The agent discovery files of docs/api-decisions.md#agent-discovery-signals, one row each, small caps (they are short JSON documents). */
const AGENT_DISCOVERY_ROWS = Object.fromEntries(
  (Object.keys(AGENT_FILES) as AgentFileMember[]).map((member) => {
    const { path, accept } = AGENT_FILES[member];
    return [member, { path, accept, maxBytes: AGENT_FILE_BYTES }];
  }),
) as Record<AgentFileMember, SiteFileRow>;

/**
 * The files every audit fetches from the site's origin, keyed by the snapshot member that holds them.
 * Adding one is a row here and a member in Snapshot; the sitemap is apart because robots.txt may name it.
 */
export const SITE_FILES = {
  robotsTxt: { path: '/robots.txt', accept: 'text/plain, text/markdown;q=0.9, */*;q=0.5' },
  llmsTxt: { path: '/llms.txt', accept: LLMS_TXT_ACCEPT },
  llmsFullTxt: { path: '/llms-full.txt', accept: LLMS_TXT_ACCEPT },
  tdmrep: { path: '/.well-known/tdmrep.json', accept: 'application/json' },
  ...AGENT_DISCOVERY_ROWS,
} as const satisfies Partial<Record<keyof Snapshot, SiteFileRow>>;

export type SiteFileMember = keyof typeof SITE_FILES;
export type SiteFileFetches = { [K in SiteFileMember]: Promise<FetchedResource> };

/**
 * Starts fetching every site file of `origin`; `fetchFile` never rejects (failures are resources).
 * `maxBytes` is the row's own cap, undefined for the site-file default.
 */
export function fetchSiteFiles(
  origin: string,
  fetchFile: (url: string, accept: string, maxBytes?: number) => Promise<FetchedResource>,
): SiteFileFetches {
  const fetches = {} as SiteFileFetches;
  for (const member of Object.keys(SITE_FILES) as SiteFileMember[]) {
    const row: SiteFileRow = SITE_FILES[member];
    fetches[member] = fetchFile(new URL(row.path, origin).href, row.accept, row.maxBytes);
  }
  return fetches;
}
