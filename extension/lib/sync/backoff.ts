/** Retry delay after `attempts` failures: exponential from 2 s, capped at 10 min, with jitter. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = 2_000 * 2 ** Math.max(0, attempts - 1);
  const capped = Math.min(base, 10 * 60_000);
  // "Equal jitter": at least half the delay, so retries spread without collapsing to zero.
  return Math.round(capped / 2 + random() * (capped / 2));
}
