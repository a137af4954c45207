/**
 * Partial credit that falls linearly between a good and a bad value: 1 at or better than `good`,
 * `floor` at or worse than `bad`. Works both ways (lower-is-better when good < bad).
 */
export function ramp(value: number, good: number, bad: number, floor = 0): number {
  if (!Number.isFinite(value)) return floor;
  const t = (value - good) / (bad - good);
  if (t <= 0) return 1;
  if (t >= 1) return floor;
  return 1 - t * (1 - floor);
}

/**
 * Cuts a score to two decimals so issue texts and tests see stable numbers. Rounds down, so a score
 * just below 1 never turns into a pass (the epsilon absorbs float noise such as 0.29 * 100).
 */
export function floor2(n: number): number {
  return Math.floor(n * 100 + 1e-9) / 100;
}
