/**
 * Running totals by calendar year (PostgreSQL's citation_source_* rows): slot i (1..366) of a year is the
 * total from 1 January through its i-th day. A window of whole days touches one span of slots per year.
 */
import { addDays, daysBetween, type DayWindow } from './days.js';

export const YEAR_SLOTS = 366;

/** The year and slot (day of the year, 1-based) of a UTC day. */
export function slotOf(day: string): { year: number; slot: number } {
  const year = Number(day.slice(0, 4));
  return { year, slot: daysBetween(`${day.slice(0, 4)}-01-01`, day) + 1 };
}

export interface YearSpan {
  year: number;
  /** First and last slot of the window in this year, inclusive. */
  from: number;
  to: number;
}

/** The window as one span per calendar year, oldest first. */
export function yearSpans(window: DayWindow): YearSpan[] {
  const spans: YearSpan[] = [];
  for (let since = window.since; since <= window.until; ) {
    const year = Number(since.slice(0, 4));
    const yearEnd = `${year}-12-31`;
    const until = window.until < yearEnd ? window.until : yearEnd;
    spans.push({ year, from: slotOf(since).slot, to: slotOf(until).slot });
    since = addDays(yearEnd, 1);
  }
  return spans;
}

/**
 * Adds per-day amounts to running totals: `deltas` (length YEAR_SLOTS, amounts per slot) becomes what a
 * running total gains in each slot.
 */
export function accumulate(deltas: Int32Array): Int32Array {
  for (let i = 1; i < deltas.length; i++) deltas[i]! += deltas[i - 1]!;
  return deltas;
}
