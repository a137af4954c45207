/**
 * When a failed delivery is tried again: exponential backoff with jitter, from half a minute to 8 hours,
 * 10 attempts over about 24 hours in all, then `failed`. Each delay varies by ±10 % so that receivers
 * recovering from an outage are not hit by every sender's retries in the same second.
 */

/** Delay before attempt n + 1 after attempt n failed (index n - 1). */
export const RETRY_DELAYS_MS: readonly number[] = [
  30_000, // 30 s
  120_000, // 2 min
  600_000, // 10 min
  1_800_000, // 30 min
  3_600_000, // 1 h
  7_200_000, // 2 h
  14_400_000, // 4 h
  28_800_000, // 8 h
  28_800_000, // 8 h: the 10th attempt, about 24 h after the first
];

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const JITTER = 0.1;

export interface RetryPolicy {
  delaysMs: readonly number[];
  /** 0..1 (Math.random): where in the ±JITTER band a delay falls. */
  random: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { delaysMs: RETRY_DELAYS_MS, random: Math.random };

/** When attempt `attemptsMade + 1` is due, or null when `attemptsMade` attempts were the last. */
export function nextAttemptAt(policy: RetryPolicy, attemptsMade: number, nowMs: number): number | null {
  const delay = policy.delaysMs[attemptsMade - 1];
  if (delay === undefined) return null;
  return nowMs + Math.round(delay * (1 - JITTER + 2 * JITTER * policy.random()));
}
