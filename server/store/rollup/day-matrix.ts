/**
 * Many running totals over one shared list of days: a column per counted thing (a cited domain's
 * citations, one of its URLs ...), all indexed by the same days. A window becomes a pair of day indexes
 * once (two binary searches), after which every column's total over it is two array reads, where a
 * series per thing would search its own days for each of thousands of things.
 *
 * A column stores cumulative sums only up to the last day it was written; later days carry its last
 * value, so writing one column on a new day touches that column alone. Days normally arrive in order; an
 * earlier day is inserted in place (every column long enough is shifted). Memory: 4 bytes per day plus
 * 8 per day a column spans.
 */
import { lowerBound } from './lower-bound.js';

export interface DayRange {
  /** Index of the last day before the window (-1: none). */
  lo: number;
  /** Index of the last day in the window. */
  hi: number;
}

export class DayMatrix {
  #days = new Int32Array(8);
  #dayCount = 0;
  #cum: Float64Array[] = [];
  #spans: number[] = [];

  /** A new column (all zeros); its number is used to add to it and read it. */
  addColumn(): number {
    this.#cum.push(new Float64Array(4));
    this.#spans.push(0);
    return this.#cum.length - 1;
  }

  /** Adds `value` (negative to take away) to `column` on `day`. */
  add(day: number, column: number, value: number): void {
    const i = this.#dayIndex(day);
    let span = this.#spans[column]!;
    let cum = this.#cum[column]!;
    if (span <= i) {
      // Carry the column's total forward to the day being written.
      if (cum.length <= i) cum = this.#growColumn(column, i + 1);
      cum.fill(span > 0 ? cum[span - 1]! : 0, span, i + 1);
      span = this.#spans[column] = i + 1;
    }
    for (let k = i; k < span; k++) cum[k] = cum[k]! + value;
  }

  /** The day indexes bounding from..to (inclusive), or null when no day falls in it. */
  range(from: number, to: number): DayRange | null {
    const hi = this.#find(to + 1) - 1;
    if (hi < 0) return null;
    const lo = this.#find(from) - 1;
    return lo >= hi ? null : { lo, hi };
  }

  /** A column's total over a range. */
  total(column: number, range: DayRange): number {
    return this.#at(column, range.hi) - (range.lo >= 0 ? this.#at(column, range.lo) : 0);
  }

  /** Bytes held by the arrays. */
  get bytes(): number {
    let total = this.#days.byteLength;
    for (const c of this.#cum) total += c.byteLength;
    return total;
  }

  /** Cumulative value of a column at a day index (carried past its span). */
  #at(column: number, i: number): number {
    const span = this.#spans[column]!;
    if (span === 0) return 0;
    return this.#cum[column]![i < span ? i : span - 1]!;
  }

  /** The index of `day`, inserting it when absent. */
  #dayIndex(day: number): number {
    const last = this.#dayCount - 1;
    if (last >= 0 && this.#days[last] === day) return last;
    const i = last >= 0 && this.#days[last]! < day ? this.#dayCount : this.#find(day);
    if (i < this.#dayCount && this.#days[i] === day) return i;
    this.#insertDay(i, day);
    return i;
  }

  #insertDay(i: number, day: number): void {
    if (this.#dayCount === this.#days.length) {
      const days = new Int32Array(this.#days.length * 2);
      days.set(this.#days);
      this.#days = days;
    }
    this.#days.copyWithin(i + 1, i, this.#dayCount);
    this.#days[i] = day;
    this.#dayCount++;
    // Columns that span the new day's place move up one; the new day starts at the total before it.
    for (let c = 0; c < this.#cum.length; c++) {
      const span = this.#spans[c]!;
      if (span <= i) continue;
      const cum = this.#cum[c]!.length > span ? this.#cum[c]! : this.#growColumn(c, span + 1);
      cum.copyWithin(i + 1, i, span);
      cum[i] = i > 0 ? cum[i - 1]! : 0;
      this.#spans[c] = span + 1;
    }
  }

  #growColumn(column: number, atLeast: number): Float64Array {
    const old = this.#cum[column]!;
    let size = old.length * 2;
    while (size < atLeast) size *= 2;
    const cum = new Float64Array(size);
    cum.set(old.subarray(0, this.#spans[column]));
    this.#cum[column] = cum;
    return cum;
  }

  /** Index of the first day >= `day`. */
  #find(day: number): number {
    return lowerBound(this.#days, this.#dayCount, day);
  }
}
