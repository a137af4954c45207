import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DayMatrix } from '../../../server/store/rollup/day-matrix.js';

/** Totals over from..to read the way the rollups read them (null range: nothing in the window). */
function totalOf(m: DayMatrix, column: number, from: number, to: number): number {
  const range = m.range(from, to);
  return range ? m.total(column, range) : 0;
}

describe('DayMatrix: running totals of many columns over one list of days', () => {
  it('sums any window per column; a column written on fewer days carries its total forward', () => {
    const m = new DayMatrix();
    const a = m.addColumn();
    const b = m.addColumn();
    m.add(10, a, 1);
    m.add(10, b, 2);
    m.add(11, a, 5);
    m.add(40, a, 7); // b is not written after day 10
    expect(totalOf(m, a, 0, 100)).toBe(13);
    expect(totalOf(m, b, 0, 100)).toBe(2);
    expect(totalOf(m, b, 11, 100)).toBe(0);
    expect(totalOf(m, a, 11, 39)).toBe(5);
    expect(totalOf(m, a, 12, 39)).toBe(0);
    expect(m.range(41, 50)).toBeNull();
    expect(m.range(0, 9)).toBeNull();
  });

  it('inserts an earlier day in place, for the columns that span it and those that do not', () => {
    const m = new DayMatrix();
    const long = m.addColumn();
    const short = m.addColumn();
    m.add(10, short, 1);
    m.add(10, long, 1);
    m.add(20, long, 2);
    m.add(15, long, 4); // between two days: long spans it, short does not
    m.add(5, short, 8); // before every day
    expect(totalOf(m, long, 0, 100)).toBe(7);
    expect(totalOf(m, long, 15, 15)).toBe(4);
    expect(totalOf(m, long, 16, 20)).toBe(2);
    expect(totalOf(m, short, 0, 100)).toBe(9);
    expect(totalOf(m, short, 5, 5)).toBe(8);
    expect(totalOf(m, short, 6, 100)).toBe(1);
  });

  it('takes a value away again (a deleted prompt)', () => {
    const m = new DayMatrix();
    const c = m.addColumn();
    m.add(3, c, 4);
    m.add(4, c, 6);
    m.add(3, c, -4);
    expect(totalOf(m, c, 0, 10)).toBe(6);
    expect(totalOf(m, c, 3, 3)).toBe(0);
  });

  it('agrees with a plain list of (day, value) for any writes in any order', () => {
    const write = fc.record({
      day: fc.integer({ min: 0, max: 60 }),
      column: fc.integer({ min: 0, max: 4 }),
      value: fc.integer({ min: -5, max: 20 }),
    });
    fc.assert(
      fc.property(fc.array(write, { maxLength: 200 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), (writes, x, y) => {
        const m = new DayMatrix();
        const columns = Array.from({ length: 5 }, () => m.addColumn());
        for (const w of writes) m.add(w.day, columns[w.column]!, w.value);
        const [from, to] = x <= y ? [x, y] : [y, x];
        for (const c of columns) {
          const expected = writes
            .filter((w) => columns[w.column] === c && w.day >= from && w.day <= to)
            .reduce((sum, w) => sum + w.value, 0);
          expect(totalOf(m, c, from, to)).toBe(expected);
        }
      }),
      { numRuns: 300 },
    );
  });
});
