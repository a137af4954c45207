/** Running totals by calendar year (PostgreSQL's sources): slots, the spans of a window, and sums taken from them against a plain list. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysOf } from '../../../server/store/rollup/days.js';
import { accumulate, slotOf, YEAR_SLOTS, yearSpans } from '../../../server/store/rollup/year-slots.js';

describe('year slots', () => {
  it('numbers the days of a year from 1; a leap year has 366, a common year 365', () => {
    expect(slotOf('2026-01-01')).toEqual({ year: 2026, slot: 1 });
    expect(slotOf('2024-02-29')).toEqual({ year: 2024, slot: 60 });
    expect(slotOf('2024-03-01')).toEqual({ year: 2024, slot: 61 });
    expect(slotOf('2025-03-01')).toEqual({ year: 2025, slot: 60 });
    expect(slotOf('2024-12-31')).toEqual({ year: 2024, slot: 366 });
    expect(slotOf('2025-12-31')).toEqual({ year: 2025, slot: 365 });
  });

  it('splits a window at each new year', () => {
    expect(yearSpans({ since: '2026-03-01', until: '2026-03-31' })).toEqual([{ year: 2026, from: 60, to: 90 }]);
    expect(yearSpans({ since: '2023-12-30', until: '2025-01-02' })).toEqual([
      { year: 2023, from: 364, to: 365 },
      { year: 2024, from: 1, to: 366 },
      { year: 2025, from: 1, to: 2 },
    ]);
  });

  it('a window summed from running totals equals the sum of its days (any days, any window, three years)', () => {
    const first = '2023-01-01';
    const allDays = daysOf({ since: first, until: '2025-12-31' });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(allDays.length - 1), fc.integer({ min: -3, max: 9 })), { maxLength: 60 }),
        fc.nat(allDays.length - 1),
        fc.nat(400),
        (amounts, start, length) => {
          const since = allDays[start]!;
          const until = addDays(since, length);
          const totals = new Map<number, Int32Array>();
          for (const [d, amount] of amounts) {
            const { year, slot } = slotOf(allDays[d]!);
            if (!totals.has(year)) totals.set(year, new Int32Array(YEAR_SLOTS));
            totals.get(year)![slot - 1]! += amount;
          }
          totals.forEach(accumulate);
          const fromTotals = yearSpans({ since, until }).reduce((sum, s) => {
            const t = totals.get(s.year);
            return t ? sum + t[s.to - 1]! - (s.from > 1 ? t[s.from - 2]! : 0) : sum;
          }, 0);
          const plain = amounts.filter(([d]) => allDays[d]! >= since && allDays[d]! <= until).reduce((sum, [, amount]) => sum + amount, 0);
          expect(fromTotals).toBe(plain);
        },
      ),
      { numRuns: 300 },
    );
  });
});
