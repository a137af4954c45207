import { describe, expect, it } from 'vitest';
import { TopN, topEntries } from '../../shared/logs/aggregate/top-n.js';

/** What a full sort answers: most first, ties by key. */
const sorted = (entries: [string, number][], limit: number) =>
  [...entries].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, limit);

describe('top N without a full sort', () => {
  it('answers what sorting everything answers, ties by key', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const entries: [string, number][] = [];
    for (let i = 0; i < 5_000; i++) entries.push([`/p/${next() % 100_000}-${i}`, next() % 40]);
    for (const limit of [1, 10, 20, 100]) expect(topEntries(entries, limit)).toEqual(sorted(entries, limit));
  });

  it('keeps fewer when there are fewer, and none for a limit of 0', () => {
    expect(
      topEntries(
        [
          ['/b', 2],
          ['/a', 2],
          ['/c', 5],
        ],
        10,
      ),
    ).toEqual([
      ['/c', 5],
      ['/a', 2],
      ['/b', 2],
    ]);
    expect(topEntries([['/a', 1]], 0)).toEqual([]);
    const top = new TopN<string>(2);
    for (const [k, n] of [
      ['x', 1],
      ['y', 3],
      ['z', 3],
      ['w', 9],
    ] as const)
      top.offer(k, n, k);
    expect(top.values()).toEqual(['w', 'y']);
  });
});
