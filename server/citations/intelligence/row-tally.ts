/**
 * A row's tally (store/rollup/row-tally.ts) from its runs: the summary counts, and per cited registrable
 * domain and URL how often and in how many runs it was cited. Computed before the row is stored.
 */
import { getDomain } from 'tldts';
import type { CitationResult } from '../../../shared/schema/citation.js';
import type { RunRecord } from '../../../shared/schema/citation-intelligence.js';
import { tallyOfRow, type RowTally } from '../../store/rollup/row-tally.js';
import { cleanUrl } from '../match/clean-url.js';

export { scopeOf, tallyOfRow, type RowTally } from '../../store/rollup/row-tally.js';

const MAX_HOST_LENGTH = 253;

/** The registrable domain of a host (Public Suffix List, private suffixes included); the host itself when it has none (an IP). */
export function registrableDomain(host: string): string {
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

export function rowTally(row: CitationResult & { account_id: string }, runs: readonly RunRecord[]): RowTally {
  const answered = runs.filter((r) => r.status !== 'error');
  const positions = answered.filter((r) => r.cited && r.position !== null).map((r) => r.position!);
  const domains = new Map<string, { citations: number; runs: number }>();
  const urls = new Map<string, { domain: string; runs: number }>();
  for (const run of answered) {
    const inRun = new Set<string>();
    for (const href of run.cited_urls) {
      const host = cleanUrl(href)?.host;
      // A host longer than a DNS name may be (253 characters) names no site: the run keeps the URL, the sources do not count it.
      if (!host || host.length > MAX_HOST_LENGTH) continue;
      const domain = registrableDomain(host);
      const d = domains.get(domain) ?? { citations: 0, runs: 0 };
      d.citations++;
      if (!inRun.has(domain)) d.runs++;
      inRun.add(domain);
      domains.set(domain, d);
      const u = urls.get(href) ?? { domain, runs: 0 };
      u.runs++;
      urls.set(href, u);
    }
  }
  return {
    ...tallyOfRow(row),
    position_sum: positions.reduce((a, b) => a + b, 0),
    position_count: positions.length,
    domains: [...domains].map(([domain, d]) => [domain, d.citations, d.runs]),
    urls: [...urls].map(([url, u]) => [url, u.domain, u.runs]),
  };
}
