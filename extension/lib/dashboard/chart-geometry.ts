/** Pure geometry for the dashboard's hand-made SVG charts (no chart library: see extension/README.md). */

export interface Plot {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The dashboard charts' frame, in viewBox units (drawn at the page's width). The left margin holds a y label
 * as wide as "100%" at the larger size narrow pages use (dashboard.css).
 */
export const CHART_PLOT: Plot = { width: 720, height: 220, left: 52, right: 16, top: 14, bottom: 30 };

/** x of point i of n across the plot (one point sits in the middle). */
export function xAt(plot: Plot, i: number, n: number): number {
  const w = plot.width - plot.left - plot.right;
  return n <= 1 ? plot.left + w / 2 : plot.left + (w * i) / (n - 1);
}

/** y of a value in [0, max] (clamped), 0 at the bottom. */
export function yAt(plot: Plot, value: number, max: number): number {
  const h = plot.height - plot.top - plot.bottom;
  const v = Math.min(Math.max(value, 0), max);
  return plot.top + h * (1 - (max > 0 ? v / max : 0));
}

/** An SVG polyline's points for values in [0, max]. */
export function polyline(plot: Plot, values: readonly number[], max: number): string {
  return values.map((v, i) => `${xAt(plot, i, values.length).toFixed(1)},${yAt(plot, v, max).toFixed(1)}`).join(' ');
}

/** Label every k-th of n points so at most `most` labels show (the last always does). */
export function labelEvery(n: number, most: number): number {
  return Math.max(1, Math.ceil(n / Math.max(1, most)));
}

/** A scale's top: the next "nice" number at or above max (1, 2, 5 × 10^k), at least 1. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (m * p >= max) return m * p;
  return 10 * p;
}

/** `YYYY-MM-DD` plus n days (UTC). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * The window [since, until] cut into `count` consecutive periods of whole days, oldest first, the last ending
 * on `until`: what "sources over time" asks the sources route for, one window each.
 */
export function periods(since: string, until: string, count: number): Array<{ since: string; until: string }> {
  const days = Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / 86_400_000) + 1;
  const n = Math.max(1, Math.min(count, days));
  const size = Math.floor(days / n);
  const out: Array<{ since: string; until: string }> = [];
  let end = until;
  for (let i = 0; i < n; i++) {
    const start = i === n - 1 ? since : addDays(end, -(size - 1));
    out.unshift({ since: start, until: end });
    end = addDays(start, -1);
  }
  return out;
}

/**
 * The runs of consecutive known values, as SVG polyline points: a day without data (null) breaks the
 * line instead of dropping it to 0, which would read as "not visible at all that day".
 */
export function segments(plot: Plot, values: ReadonlyArray<number | null>, max: number): Array<{ points: string; at: number[] }> {
  const out: Array<{ points: string; at: number[] }> = [];
  let current: number[] = [];
  const flush = () => {
    if (current.length)
      out.push({
        points: current.map((i) => `${xAt(plot, i, values.length).toFixed(1)},${yAt(plot, values[i]!, max).toFixed(1)}`).join(' '),
        at: current,
      });
    current = [];
  };
  values.forEach((v, i) => (v === null ? flush() : current.push(i)));
  flush();
  return out;
}

/** Indexes to label on an axis of n points: the last one, then every k-th going back, so labels never crowd the end. */
export function labelIndexes(n: number, most: number): number[] {
  const every = labelEvery(n, most);
  const out: number[] = [];
  for (let i = n - 1; i >= 0; i -= every) out.unshift(i);
  return out;
}
