/** The sources of a window as the rollups give them to GET /citations/sources: the most cited domains first. */
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';

export const TOP_URLS = 5;

/** One domain over the window, summed over scopes and engines. */
export interface SourceTally {
  domain: string;
  citations: number;
  runs: number;
  engines: CitationEngineId[];
  top_urls: Array<{ url: string; citations: number }>;
}

/** The order of the listing: citations descending, then domain. */
export function compareSources(a: { domain: string; citations: number }, b: { domain: string; citations: number }): number {
  return b.citations - a.citations || (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0);
}
