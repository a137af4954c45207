/**
 * UTC days as the rollups count them: a window of whole days (since through until, inclusive), day
 * numbers (days since 1970-01-01) for the in-memory series, and the fewest rollup periods that cover a
 * window exactly (whole calendar months as month periods, the partial months' days one by one).
 */
const DAY_MS = 86_400_000;

export interface DayWindow {
  since: string;
  until: string;
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Days since 1970-01-01. */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

export function dayOfNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** Every day of the window, oldest first. */
export function daysOf(window: DayWindow): string[] {
  const out: string[] = [];
  const last = Date.parse(`${window.until}T00:00:00Z`);
  for (let t = Date.parse(`${window.since}T00:00:00Z`); t <= last; t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export interface WindowCover {
  /** First days (YYYY-MM-01) of the whole months. */
  months: string[];
  /** Inclusive day ranges not covered by a whole month (at most two). */
  dayRanges: Array<[string, string]>;
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (first: string) => {
  const [y, m] = first.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
};

export function coverWindow(window: DayWindow): WindowCover {
  const months: string[] = [];
  // The first whole month starts on `since` when it is a first of the month, else the next month.
  let first = window.since.endsWith('-01') ? window.since : nextMonth(monthStart(window.since));
  const start = first;
  while (addDays(nextMonth(first), -1) <= window.until) {
    months.push(first);
    first = nextMonth(first);
  }
  if (months.length === 0) return { months, dayRanges: [[window.since, window.until]] };
  const dayRanges: Array<[string, string]> = [];
  if (window.since < start) dayRanges.push([window.since, addDays(start, -1)]);
  if (first <= window.until) dayRanges.push([first, window.until]);
  return { months, dayRanges };
}
