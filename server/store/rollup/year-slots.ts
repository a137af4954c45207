/**
 * Running totals by day slots (PostgreSQL's sources). Slot i (1..366) of a calendar year is its i-th day.
 * A source row holds a block of two calendar years: block B's slots 1..366 are B's days and 367..732 are
 * B+1's, each slot the total from 1 January of B through that day. Every day is in two blocks (its year's
 * and the year before's), so any window of up to two calendar years is one span of one row.
 */
import { daysBetween, type DayWindow } from './days.js';

export const YEAR_SLOTS = 366;
export const BLOCK_SLOTS = 2 * YEAR_SLOTS;

/** The year and slot (day of the year, 1-based) of a UTC day. */
export function slotOf(day: string): { year: number; slot: number } {
  const year = Number(day.slice(0, 4));
  return { year, slot: daysBetween(`${day.slice(0, 4)}-01-01`, day) + 1 };
}

/** A day's slot in block `block` (which must be its year or the year before). */
export function blockSlot(block: number, day: string): number {
  const { year, slot } = slotOf(day);
  return (year - block) * YEAR_SLOTS + slot;
}

/** The two blocks holding a day, and its slot in each: the year before's (second half) and its own (first half). */
export function blocksOf(day: string): Array<{ block: number; slot: number }> {
  const year = Number(day.slice(0, 4));
  return [year - 1, year].map((block) => ({ block, slot: blockSlot(block, day) }));
}

export interface BlockSpan {
  block: number;
  /** First and last slot of the window in this block, inclusive. */
  from: number;
  to: number;
}

/**
 * The window as spans of whole blocks, oldest first: the last block is the one ending with the window's last
 * year, so every window within two calendar years reads one row per key, and all windows of this year and
 * last read the same block (one set of hot rows).
 */
export function blockSpans(window: DayWindow): BlockSpan[] {
  const spans: BlockSpan[] = [];
  const firstYear = Number(window.since.slice(0, 4));
  for (let lastYear = Number(window.until.slice(0, 4)); lastYear >= firstYear; lastYear -= 2) {
    const block = lastYear - 1;
    const since = window.since > `${block}-01-01` ? window.since : `${block}-01-01`;
    const until = window.until < `${lastYear}-12-31` ? window.until : `${lastYear}-12-31`;
    spans.unshift({ block, from: blockSlot(block, since), to: blockSlot(block, until) });
  }
  return spans;
}

/**
 * Adds per-day amounts to running totals: `deltas` (amounts per slot) becomes what a running total gains
 * in each slot.
 */
export function accumulate(deltas: Int32Array): Int32Array {
  for (let i = 1; i < deltas.length; i++) deltas[i]! += deltas[i - 1]!;
  return deltas;
}
