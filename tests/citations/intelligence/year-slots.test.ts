/**
 * Running totals over two-year blocks (PostgreSQL's sources): slots, the spans of a window, and sums taken from them against a plain list.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysOf } from '../../../server/store/rollup/days.js';
import { accumulate, BLOCK_SLOTS, blockSpans, blocksOf, slotOf } from '../../../server/store/rollup/year-slots.js';

describe('year and block slots', () => {
  it('numbers the days of a year from 1; a leap year has 366, a common year 365', () => {
    expect(slotOf('2026-01-01')).toEqual({ year: 2026, slot: 1 });
    expect(slotOf('2024-02-29')).toEqual({ year: 2024, slot: 60 });
    expect(slotOf('2024-03-01')).toEqual({ year: 2024, slot: 61 });
    expect(slotOf('2025-03-01')).toEqual({ year: 2025, slot: 60 });
    expect(slotOf('2024-12-31')).toEqual({ year: 2024, slot: 366 });
    expect(slotOf('2025-12-31')).toEqual({ year: 2025, slot: 365 });
  });

  it("puts a day in two blocks: its year's (first half) and the year before's (second half)", () => {
    expect(blocksOf('2026-01-01')).toEqual([
      { block: 2025, slot: 367 },
      { block: 2026, slot: 1 },
    ]);
    expect(blocksOf('2024-12-31')).toEqual([
      { block: 2023, slot: 732 },
      { block: 2024, slot: 366 },
    ]);
  });

  it('reads any window within two calendar years from one block, the one ending with its last year', () => {
    expect(blockSpans({ since: '2026-03-01', until: '2026-03-31' })).toEqual([{ block: 2025, from: 366 + 60, to: 366 + 90 }]);
    expect(blockSpans({ since: '2025-11-26', until: '2026-11-25' })).toEqual([{ block: 2025, from: 330, to: 366 + 329 }]);
    expect(blockSpans({ since: '2023-12-30', until: '2025-01-02' })).toEqual([
      { block: 2022, from: 366 + 364, to: 366 + 365 },
      { block: 2024, from: 1, to: 366 + 2 },
    ]);
    expect(blockSpans({ since: '2021-01-01', until: '2025-12-31' })).toEqual([
      { block: 2020, from: 367, to: 366 + 365 },
      { block: 2022, from: 1, to: 366 + 365 },
      { block: 2024, from: 1, to: 366 + 365 },
    ]);
  });

  it('a window summed from running totals equals the sum of its days (any days, any window up to 800 days, three years)', () => {
    const first = '2023-01-01';
    const allDays = daysOf({ since: first, until: '2025-12-31' });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(allDays.length - 1), fc.integer({ min: -3, max: 9 })), { maxLength: 60 }),
        fc.nat(allDays.length - 1),
        fc.nat(800),
        (amounts, start, length) => {
          const since = allDays[start]!;
          const until = addDays(since, length);
          const totals = new Map<number, Int32Array>();
          for (const [d, amount] of amounts) {
            for (const { block, slot } of blocksOf(allDays[d]!)) {
              if (!totals.has(block)) totals.set(block, new Int32Array(BLOCK_SLOTS));
              totals.get(block)![slot - 1]! += amount;
            }
          }
          totals.forEach(accumulate);
          const fromTotals = blockSpans({ since, until }).reduce((sum, s) => {
            const t = totals.get(s.block);
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
