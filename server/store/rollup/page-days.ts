/**
 * The days each path was fetched by an AI agent, as one bitmap per path and year (a bit per day of the year):
 * what `traffic.not_crawled` asks ("fetched at all between these dates?") in a few bytes per path, in both stores.
 */
export const YEAR_BYTES = 46; // 366 bits

const DAY_MS = 86_400_000;

/** Dates seen lately: replaying a year of chunks asks the same few hundred dates for every path. */
const known = new Map<string, { year: number; day: number }>();
const KNOWN_DATES = 4_096;

/** The year and the day of the year (0-based) of a `YYYY-MM-DD` date. */
export function yearDay(date: string): { year: number; day: number } {
  const had = known.get(date);
  if (had) return had;
  const year = Number(date.slice(0, 4));
  const out = Object.freeze({ year, day: Math.floor((Date.parse(`${date}T00:00:00Z`) - Date.UTC(year, 0, 1)) / DAY_MS) });
  if (known.size >= KNOWN_DATES) known.clear();
  known.set(date, out);
  return out;
}

export function setDay(bits: Uint8Array, day: number): void {
  bits[day >> 3]! |= 1 << (day & 7);
}

/** Whether a bit is set between two days of the year (inclusive). */
export function anyDay(bits: Uint8Array, from: number, to: number): boolean {
  for (let d = Math.max(0, from); d <= Math.min(365, to); d++) if (bits[d >> 3]! & (1 << (d & 7))) return true;
  return false;
}

/** The dates of a chunk's path grouped by year, as bitmaps. */
export function bitmapsOf(dates: readonly string[]): Map<number, Uint8Array> {
  const out = new Map<number, Uint8Array>();
  for (const date of dates) {
    const { year, day } = yearDay(date);
    let bits = out.get(year);
    if (!bits) out.set(year, (bits = new Uint8Array(YEAR_BYTES)));
    setDay(bits, day);
  }
  return out;
}

/** Whether a path's bitmaps (by year) have a day between `since` and `until` (dates, inclusive). */
export function fetchedBetween(years: ReadonlyMap<number, Uint8Array>, since: string, until: string): boolean {
  const s = yearDay(since);
  const u = yearDay(until);
  for (const [year, bits] of years) {
    if (year < s.year || year > u.year) continue;
    if (anyDay(bits, year === s.year ? s.day : 0, year === u.year ? u.day : 365)) return true;
  }
  return false;
}
