/** The retry schedule of docs/api-decisions.md#monitors-and-webhooks: first retry within a minute, then up to about 24 h, at least 8 attempts, then failed. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, MAX_ATTEMPTS, nextAttemptAt, RETRY_DELAYS_MS } from '../../server/webhooks/retry-schedule.js';

const HOUR = 3_600_000;

describe('webhook retry schedule', () => {
  const at = (random: number) => {
    const policy = { ...DEFAULT_RETRY_POLICY, random: () => random };
    const times: number[] = [];
    let now = 0;
    for (let attempts = 1; ; attempts++) {
      const next = nextAttemptAt(policy, attempts, now);
      if (next === null) return times;
      times.push(next);
      now = next;
    }
  };

  it('retries at least 8 times, the first within a minute, each later than the one before, growing', () => {
    expect(MAX_ATTEMPTS).toBeGreaterThanOrEqual(8);
    for (const random of [0, 0.5, 0.999]) {
      const times = at(random);
      expect(times).toHaveLength(MAX_ATTEMPTS - 1);
      expect(times[0]).toBeLessThan(60_000);
      for (let i = 1; i < RETRY_DELAYS_MS.length; i++) expect(RETRY_DELAYS_MS[i]).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i - 1]!);
    }
  });

  it('spans about 24 hours from the first attempt to the last, jitter included', () => {
    expect(at(0.5).at(-1)! / HOUR).toBeCloseTo(23.7, 1);
    expect(at(0).at(-1)!).toBeGreaterThan(21 * HOUR);
    expect(at(0.999).at(-1)!).toBeLessThan(26.1 * HOUR);
  });

  it('varies each delay by at most 10 %, and gives up after the last attempt', () => {
    expect(nextAttemptAt({ delaysMs: [1_000], random: () => 0 }, 1, 0)).toBe(900);
    expect(nextAttemptAt({ delaysMs: [1_000], random: () => 1 }, 1, 0)).toBe(1_100);
    expect(nextAttemptAt({ delaysMs: [1_000], random: () => 0.5 }, 2, 0)).toBeNull();
  });
});
