/** Index of the first of the first `length` sorted values that is >= `value` (`length` when none is). */
export function lowerBound(sorted: ArrayLike<number>, length: number, value: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
