/** The figures of one UTC day of one engine, as the rollups give them to GET /citations/summary. */
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';

/** One day of one engine in a scope (or summed over several scopes). */
export interface DayTally {
  day: string;
  engine: CitationEngineId;
  runs: number;
  visible: number;
  mentioned: number;
  cited: number;
  position_sum: number;
  position_count: number;
  /** Competitor name → visible runs. */
  competitors: Record<string, number>;
}

export type DayCounts = Pick<DayTally, 'runs' | 'visible' | 'mentioned' | 'cited' | 'position_sum' | 'position_count'>;

/** Adds one day's counts into a running total. */
export function addCounts(total: DayCounts, day: DayCounts): void {
  total.runs += day.runs;
  total.visible += day.visible;
  total.mentioned += day.mentioned;
  total.cited += day.cited;
  total.position_sum += day.position_sum;
  total.position_count += day.position_count;
}
