/**
 * RateLimit-Reset: whole seconds until the window resets, rounded up (waiting that long is always
 * enough), and never more than the window itself. koa-ratelimit's drivers keep time with their own
 * clocks (the process's start time plus hrtime), which may run a fraction of a millisecond ahead of
 * Date.now(): at the start of a 60-second window the reset is then 60.0003 s away, and rounding up alone
 * read 61 (3601 for the hourly limit).
 */
export function secondsUntilReset(rawReset: number, nowMs: number, windowMs: number): number {
  if (!Number.isFinite(rawReset)) return 0;
  // Epoch seconds (the memory driver's with a fraction, the Redis driver's whole); milliseconds would be > 1e11.
  const resetMs = rawReset > 1e11 ? rawReset : rawReset * 1000;
  const seconds = Math.ceil((resetMs - nowMs) / 1000);
  return Math.min(Math.ceil(windowMs / 1000), Math.max(0, seconds));
}
