import { expect } from 'vitest';

/** The contract's 429 body for the 11th POST /audits in a minute. */
export const RATE_LIMITED_BODY = { error: 'Rate limit exceeded: max 10 audits per minute' };

/** One refused POST /audits, as the contract words it: the exact body, Retry-After and RateLimit-* headers. */
export function expectRateLimitedAnswer(answer: { text: string; headers: Headers }): void {
  expect(answer.text).toBe(JSON.stringify(RATE_LIMITED_BODY));
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(answer.headers.get('ratelimit-limit')).toBe('10');
  expect(answer.headers.get('ratelimit-remaining')).toBe('0');
  expect(Number(answer.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(60);
}
