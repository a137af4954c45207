/**
 * RateLimit-Reset at the start of a window (each account's first request opens its window), with the
 * in-memory counters: never more than the window (60 s for POST /audits, 3600 s for POST
 * /citations/checks), never less than a second below it. Before the fix most of them read 61 and 3601.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close({ removeData: true }));

const ACCOUNTS = 20;

it.each([
  ['POST /api/v1/audits', { body: { url: 'shop.example' } }, 60],
  ['POST /api/v1/citations/checks', {}, 3600],
] as const)('%s: RateLimit-Reset at the window start is at most the window', async (route, options, windowSeconds) => {
  const path = route.split(' ')[1]!;
  const resets: number[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const { key } = await api.newAccount('agency');
    const res = await api.request('POST', path, { key, ...options });
    expect(res.status).toBeLessThan(300);
    resets.push(Number(res.headers.get('ratelimit-reset')));
  }
  for (const reset of resets) {
    expect(reset).toBeLessThanOrEqual(windowSeconds);
    expect(reset).toBeGreaterThanOrEqual(windowSeconds - 1);
  }
});
