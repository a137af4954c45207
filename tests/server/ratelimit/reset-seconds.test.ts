/**
 * RateLimit-Reset never exceeds the window. The limiter drivers keep time with their own clocks (the
 * process's start time plus hrtime), which may run a fraction of a millisecond ahead of Date.now(): at the
 * start of a 60-second window the reset is then 60.0003 s away, and a plain ceiling read 61 (3601 for the
 * hourly limit). Fixed instants here; the burst tests check real answers.
 */
import { describe, expect, it } from 'vitest';
import { secondsUntilReset } from '../../../server/ratelimit/reset-seconds.js';

const NOW = 1_790_000_000_123; // ms
const MINUTE = 60_000;
const HOUR = 3_600_000;

describe('secondsUntilReset', () => {
  it.each([
    ['memory driver at the window start, its clock 0.3 ms ahead', (NOW + 0.3 + MINUTE) / 1000, MINUTE, 60],
    ['memory driver at the window start, its clock exactly on time', (NOW + MINUTE) / 1000, MINUTE, 60],
    ['the hourly limit at the window start, its clock 0.9 ms ahead', (NOW + 0.9 + HOUR) / 1000, HOUR, 3600],
    ['a clock a whole second ahead still reads the window, no more', (NOW + 1000 + MINUTE) / 1000, MINUTE, 60],
    ['Redis driver: whole epoch seconds', Math.floor((NOW + MINUTE) / 1000), MINUTE, 60],
    ['a reset given in milliseconds', NOW + MINUTE + 0.5, MINUTE, 60],
  ])('%s: never more than the window', (_name, rawReset, windowMs, expected) => {
    expect(secondsUntilReset(rawReset, NOW, windowMs)).toBe(expected);
  });

  it.each([
    [(NOW + 30_000.5) / 1000, 31], // rounded up: waiting that long is always enough
    [(NOW + 30_000) / 1000, 30],
    [(NOW + 1) / 1000, 1],
    [NOW / 1000, 0],
    [(NOW - 5_000) / 1000, 0], // already past
    [Number.NaN, 0],
  ])('reset %d s since the epoch: %i s to wait', (rawReset, expected) => {
    expect(secondsUntilReset(rawReset, NOW, MINUTE)).toBe(expected);
  });
});
