/**
 * GET /citations/sources (docs/api-decisions.md#projects-and-citation-intelligence): every registrable domain cited in the window, as the
 * store pre-aggregated them (most cited first), with its kind for the project as it is now: `owned`
 * (the project's domain or an alias, by registrable domain), `competitor` (one of a competitor's
 * domains) or `third_party`.
 */
import type { Source } from '../../../shared/schema/citation-intelligence.js';
import type { SourceTally } from '../../store/rollup/source-tally.js';
import { registrableDomain } from './row-tally.js';

export { compareSources, TOP_URLS, type SourceTally } from '../../store/rollup/source-tally.js';

export const DEFAULT_SOURCES_LIMIT = 50;
export const MAX_SOURCES_LIMIT = 500;
export interface SourceOwners {
  owned: readonly string[];
  competitors: ReadonlyArray<{ name: string; domains: readonly string[] }>;
}

export function classifySources(tallies: readonly SourceTally[], owners: SourceOwners | null): Source[] {
  const owned = new Set((owners?.owned ?? []).map(registrableDomain));
  const competitorOf = new Map<string, string>();
  for (const c of owners?.competitors ?? [])
    for (const d of c.domains) if (!competitorOf.has(registrableDomain(d))) competitorOf.set(registrableDomain(d), c.name);
  return tallies.map((t) => {
    const competitor = owned.has(t.domain) ? undefined : competitorOf.get(t.domain);
    return {
      domain: t.domain,
      kind: owned.has(t.domain) ? 'owned' : competitor !== undefined ? 'competitor' : 'third_party',
      competitor: competitor ?? null,
      citations: t.citations,
      runs: t.runs,
      engines: t.engines,
      top_urls: t.top_urls,
    };
  });
}
