/**
 * The benchmark result convention read by `npm run bench` (scripts/bench.mjs): besides its human-readable
 * lines, every bench script prints one last line
 *
 *   BENCH_RESULT {"name":"engine","figures":[{"label":"...","value":12.3,"unit":"ms","target":"≤ 15 ms","ok":true}]}
 *
 * `target` is the goal as people read it, `ok` whether the figure meets it (null when there is no target).
 */
export interface BenchFigure {
  label: string;
  value: number | string;
  unit?: string;
  target?: string;
  ok?: boolean | null;
}

export interface BenchResult {
  name: string;
  figures: BenchFigure[];
  /** Short remarks worth carrying into BENCHMARKS.md (caveats, what was skipped). */
  notes?: string[];
}

export const BENCH_RESULT_PREFIX = 'BENCH_RESULT ';

/** A figure compared with a target: `max` (value must be ≤) or `min` (value must be ≥). */
export function figure(label: string, value: number, unit: string, goal?: { max?: number; min?: number; target?: string }): BenchFigure {
  const rounded = Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100;
  if (!goal) return { label, value: rounded, unit, ok: null };
  const ok = (goal.max === undefined || value <= goal.max) && (goal.min === undefined || value >= goal.min);
  const target = goal.target ?? (goal.max !== undefined ? `≤ ${goal.max} ${unit}` : `≥ ${goal.min} ${unit}`);
  return { label, value: rounded, unit, target, ok };
}

export function printBenchResult(result: BenchResult): void {
  console.log(`${BENCH_RESULT_PREFIX}${JSON.stringify(result)}`);
}
