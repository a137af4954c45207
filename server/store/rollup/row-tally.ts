/**
 * What one stored row adds to the pre-aggregated figures (docs/api-decisions.md#projects-and-citation-intelligence): kept beside the row, added
 * to its scope's daily rollup when the row is stored and taken off again when its prompt is deleted, so
 * summaries and sources never scan runs. A scope is the prompt's project, or `acct:<account>` for the
 * account's prompts without a project. Computed from the runs by citations/intelligence/row-tally.ts.
 */
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { CitationResult } from '../../../shared/schema/citation.js';

export interface RowTally {
  scope: string;
  /** The UTC day of checked_at. */
  day: string;
  engine: CitationEngineId;
  runs: number;
  visible: number;
  mentioned: number;
  cited: number;
  /** Sum and count of the brand's position over cited runs (avg_position). */
  position_sum: number;
  position_count: number;
  /** [competitor name, visible runs]. */
  competitors: Array<[string, number]>;
  /** [registrable domain, citations (distinct pages per run), runs citing it]. */
  domains: Array<[string, number, number]>;
  /** [url, registrable domain, runs citing it]. */
  urls: Array<[string, string, number]>;
}

export const scopeOf = (accountId: string, projectId: string | null | undefined): string => projectId ?? `acct:${accountId}`;

/** A row stored without its runs (before runs were kept): its counts, no sources; its best position stands for each cited run. */
export function tallyOfRow(row: CitationResult & { account_id: string }): RowTally {
  return {
    scope: scopeOf(row.account_id, row.project_id),
    day: row.checked_at.slice(0, 10),
    engine: row.engine,
    runs: row.runs,
    visible: row.visible_runs,
    mentioned: row.mentioned_runs,
    cited: row.cited_runs,
    position_sum: row.position !== null ? row.position * row.cited_runs : 0,
    position_count: row.position !== null ? row.cited_runs : 0,
    competitors: row.competitors.map((c) => [c.name, c.visible_runs]),
    domains: [],
    urls: [],
  };
}
