import { describe, expect, it } from 'vitest';
import { dayWindow, parseDay } from '../../../server/citations/intelligence/window.js';
import { summarize } from '../../../server/citations/intelligence/summary.js';
import { coverWindow, dayNumber } from '../../../server/store/rollup/days.js';
import { DaySeries } from '../../../server/store/rollup/day-series.js';
import { HttpError } from '../../../server/http/http-error.js';

describe('windows of UTC days', () => {
  const now = new Date('2026-09-15T23:30:00Z');

  it('default: the 30 days ending today; date-times count from their UTC day', () => {
    expect(dayWindow(undefined, undefined, now)).toEqual({ since: '2026-08-17', until: '2026-09-15' });
    expect(dayWindow('2026-09-01T23:00:00-02:00', '2026-09-03', now)).toEqual({ since: '2026-09-02', until: '2026-09-03' });
  });

  it.each(['2026-02-30', '2026-02-29', '2025-13-01', '2026-04-31', 'yesterday', '2026-9-1', '2026-09-01T25:00:00Z'])(
    '%s is a 400',
    (value) => {
      expect(() => parseDay(value, 'since')).toThrow(HttpError);
    },
  );

  it('2028-02-29 exists; until before since and windows over 1,096 days are 400s', () => {
    expect(parseDay('2028-02-29', 'since')).toBe('2028-02-29');
    expect(() => dayWindow('2026-09-02', '2026-09-01', now)).toThrow(/after until/);
    expect(() => dayWindow('2020-01-01', '2026-01-01', now)).toThrow(/at most 1096 days/);
  });

  it('covers a window with whole months and the loose days at its ends', () => {
    expect(coverWindow({ since: '2026-01-31', until: '2026-04-02' })).toEqual({
      months: ['2026-02-01', '2026-03-01'],
      dayRanges: [
        ['2026-01-31', '2026-01-31'],
        ['2026-04-01', '2026-04-02'],
      ],
    });
    expect(coverWindow({ since: '2026-02-01', until: '2026-02-28' })).toEqual({ months: ['2026-02-01'], dayRanges: [] });
    expect(coverWindow({ since: '2026-02-02', until: '2026-02-27' })).toEqual({ months: [], dayRanges: [['2026-02-02', '2026-02-27']] });
    expect(coverWindow({ since: '2025-12-15', until: '2026-01-31' })).toEqual({
      months: ['2026-01-01'],
      dayRanges: [['2025-12-15', '2025-12-31']],
    });
  });
});

describe('DaySeries: running totals per day', () => {
  it('sums any window, days added out of order and taken away', () => {
    const s = new DaySeries(2);
    const both = (from: number, to: number) => [s.total(from, to, 0), s.total(from, to, 1)];
    for (const [day, a, b] of [
      [10, 1, 2],
      [12, 3, 4],
      [11, 5, 6],
      [12, 1, 1],
      [40, 7, 7],
    ] as const)
      s.add(day, [a, b]);
    expect(both(0, 100)).toEqual([17, 20]);
    expect(both(11, 12)).toEqual([9, 11]);
    expect(both(13, 39)).toEqual([0, 0]);
    s.add(11, [-5, -6]);
    expect(both(11, 11)).toEqual([0, 0]);
    expect([...s.days(0, 100)].map(([d, v]) => [d, ...v])).toEqual([
      [10, 1, 2],
      [11, 0, 0],
      [12, 4, 5],
      [40, 7, 7],
    ]);
  });

  it('grows past its first capacity', () => {
    const s = new DaySeries(1, 2);
    for (let d = 0; d < 1000; d++) s.add(dayNumber('2026-01-01') + d, [1]);
    expect(s.total(dayNumber('2026-01-01'), dayNumber('2026-12-31'), 0)).toBe(365);
  });
});

describe('summary formulas', () => {
  const window = { since: '2026-09-01', until: '2026-09-02' };
  const day = (
    d: string,
    engine: 'chatgpt' | 'claude',
    runs: number,
    visible: number,
    cited: number,
    positionSum: number,
    competitors: Record<string, number>,
  ) => ({
    day: d,
    engine,
    runs,
    visible,
    mentioned: visible,
    cited,
    position_sum: positionSum,
    position_count: cited,
    competitors,
  });

  it('ratios with 4 decimals, share of voice against the current competitors only, 0 when nothing is visible', () => {
    const s = summarize(
      [day('2026-09-01', 'chatgpt', 3, 1, 1, 2, { Globex: 2, Gone: 5 }), day('2026-09-02', 'claude', 0, 0, 0, 0, {})],
      ['Globex'],
      window,
    );
    expect(s).toMatchObject({ runs: 3, visibility: 0.3333, citation_rate: 0.3333, share_of_voice: 0.3333, avg_position: 2 });
    expect(s.competitors).toEqual([{ name: 'Globex', visible_runs: 2, visibility: 0.6667, share_of_voice: 0.6667 }]);
    expect(s.series).toEqual([
      { date: '2026-09-01', runs: 3, visibility: 0.3333, share_of_voice: 0.3333 },
      { date: '2026-09-02', runs: 0, visibility: 0, share_of_voice: 0 },
    ]);
    expect(s.by_engine.map((e) => e.engine)).toEqual(['chatgpt']);
  });
});
