/**
 * A compact daily histogram with running totals: for each day that has data, `columns` counts, kept as
 * cumulative sums in typed arrays, so the total over any window is two binary searches and a
 * subtraction, whatever the window's length. Days normally arrive in order (rows are stored as they are
 * checked); an earlier day is inserted in place. Memory: 4 bytes per day plus 8 per column and day.
 */
import { lowerBound } from './lower-bound.js';

export class DaySeries {
  #days: Int32Array;
  #cum: Float64Array;
  #length = 0;

  constructor(
    readonly columns: number,
    capacity = 4,
  ) {
    this.#days = new Int32Array(capacity);
    this.#cum = new Float64Array(capacity * columns);
  }

  get length(): number {
    return this.#length;
  }

  /** Adds `values` (one per column; negative to take away) to `day`. */
  add(day: number, values: readonly number[]): void {
    // Rows arrive in day order: most adds land on the last day or a new one after it, no search needed.
    const last = this.#length - 1;
    let i = last >= 0 && this.#days[last]! <= day ? (this.#days[last] === day ? last : this.#length) : this.#find(day);
    if (i === this.#length || this.#days[i] !== day) this.#insertAt(i, day);
    // Later days carry the running total: adding to the last day (the usual case) touches one entry.
    for (; i < this.#length; i++) {
      const at = i * this.columns;
      for (let c = 0; c < this.columns; c++) this.#cum[at + c] = this.#cum[at + c]! + (values[c] ?? 0);
    }
  }

  /** The total of one column over days from..to (inclusive). */
  total(from: number, to: number, column: number): number {
    const hi = this.#find(to + 1) - 1;
    if (hi < 0) return 0;
    const lo = this.#find(from) - 1;
    if (lo >= hi) return 0;
    const c = this.columns;
    return this.#cum[hi * c + column]! - (lo >= 0 ? this.#cum[lo * c + column]! : 0);
  }

  /** Each day with data in from..to, with its own (not cumulative) values. */
  *days(from: number, to: number): Generator<[number, number[]]> {
    for (let i = this.#find(from); i < this.#length && this.#days[i]! <= to; i++) {
      const values: number[] = [];
      for (let c = 0; c < this.columns; c++)
        values.push(this.#cum[i * this.columns + c]! - (i > 0 ? this.#cum[(i - 1) * this.columns + c]! : 0));
      yield [this.#days[i]!, values];
    }
  }

  /** Bytes held by the arrays. */
  get bytes(): number {
    return this.#days.byteLength + this.#cum.byteLength;
  }

  /** Index of the first day >= `day`. */
  #find(day: number): number {
    return lowerBound(this.#days, this.#length, day);
  }

  #insertAt(i: number, day: number): void {
    const c = this.columns;
    if (this.#length === this.#days.length) {
      const days = new Int32Array(this.#days.length * 2);
      days.set(this.#days);
      const cum = new Float64Array(this.#cum.length * 2);
      cum.set(this.#cum);
      this.#days = days;
      this.#cum = cum;
    }
    this.#days.copyWithin(i + 1, i, this.#length);
    this.#cum.copyWithin((i + 1) * c, i * c, this.#length * c);
    this.#days[i] = day;
    for (let k = 0; k < c; k++) this.#cum[i * c + k] = i > 0 ? this.#cum[(i - 1) * c + k]! : 0;
    this.#length++;
  }
}
