/** Retry timing: exponential backoff with full jitter, unless the provider said how long to wait. */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A longer Retry-After than this is not waited for: the request fails now with the wait in its message. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 1_000, maxDelayMs: 30_000, maxRetryAfterMs: 60_000 };

/** Delay before attempt `attempt + 1` after `attempt` failed (1-based): uniform in [0, min(max, base·2^(attempt-1))]. */
export function backoffDelayMs(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}
