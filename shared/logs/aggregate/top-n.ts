/**
 * The `limit` largest of many counts without sorting them all: one pass keeps the best few in order, by count
 * (most first) then key (in code-unit order), the order a full sort would give. A year of traffic has tens of
 * thousands of paths and the answer wants twenty of them.
 */

/** Whether (n, key) comes before (m, other): more first, then the smaller key. */
const before = (n: number, key: string, m: number, other: string) => n > m || (n === m && key < other);

export class TopN<T> {
  readonly #limit: number;
  readonly #best: { n: number; key: string; value: T }[] = [];

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Offers one entry; `value` is kept only when the entry is among the best so far. */
  offer(key: string, n: number, value: T): void {
    const best = this.#best;
    const full = best.length >= this.#limit;
    if (this.#limit <= 0 || (full && !before(n, key, best[best.length - 1]!.n, best[best.length - 1]!.key))) return;
    let i = best.length;
    while (i > 0 && before(n, key, best[i - 1]!.n, best[i - 1]!.key)) i--;
    best.splice(i, 0, { n, key, value });
    if (best.length > this.#limit) best.pop();
  }

  /** The kept entries, best first. */
  values(): T[] {
    return this.#best.map((e) => e.value);
  }
}

/** The `limit` largest entries of a map of counts, most first (ties by key). */
export function topEntries(map: Iterable<readonly [string, number]>, limit: number): [string, number][] {
  const top = new TopN<[string, number]>(limit);
  for (const [key, n] of map) top.offer(key, n, [key, n]);
  return top.values();
}
