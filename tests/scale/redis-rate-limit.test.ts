/**
 * The rate limit on koa-ratelimit's Redis driver (REDIS_URL) with a real Redis: two app instances, as two
 * processes would be, share the counters and answer with the same 429 body and headers as the memory
 * driver; when Redis is gone, the limited routes answer 503 and run nothing.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimitBackend, closeRateLimitBackend, type RateLimitBackend } from '../../server/middleware/rate-limit-backend.js';
import { expectRateLimitedAnswer } from '../helpers/rate-limited-answer.js';
import { servicesAvailable, startRedis, type RedisServer } from '../helpers/services/index.js';
import { extensionAudit } from '../server/helpers/extension-audit.js';
import { startTestApi, type TestApi } from '../server/helpers/test-api.js';

describe.runIf(servicesAvailable('redis'))('rate limits in Redis, shared by two app instances', () => {
  let redis: RedisServer;
  let backends: RateLimitBackend[];
  let one: TestApi;
  let two: TestApi;

  beforeAll(async () => {
    redis = await startRedis();
    backends = [createRateLimitBackend({ redisUrl: redis.url }), createRateLimitBackend({ redisUrl: redis.url })];
    one = await startTestApi({ rateLimitBackend: backends[0] });
    two = await startTestApi({ rateLimitBackend: backends[1], store: one.store, dataDir: one.dataDir }); // same accounts, own counters client
  }, 60_000);
  afterAll(async () => {
    await two?.close();
    await one?.close({ removeData: true });
    for (const b of backends ?? []) await closeRateLimitBackend(b);
    await redis?.stop();
  });

  it('50 parallel POST /audits alternated between the two: exactly 10 × 201 and 40 × 429 with the exact body and headers', async () => {
    const { key } = await one.newAccount();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => [one, two][i % 2]!.request('POST', '/api/v1/audits', { key, body: { url: 'shop.example' } })),
    );
    const created = results.filter((r) => r.status === 201);
    const limited = results.filter((r) => r.status === 429);
    expect(created).toHaveLength(10);
    expect(limited).toHaveLength(40);
    for (const r of limited) {
      expectRateLimitedAnswer(r);
      expect(Number(r.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    }
    expect(created.map((r) => Number(r.headers.get('ratelimit-remaining'))).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const client = new Redis(redis.url);
    const keys = await client.keys('*');
    client.disconnect();
    expect(keys.some((k) => k.startsWith('citable:ratelimit:audits-create:'))).toBe(true);
  });

  it('syncs keep their own budget (120 per minute) across both instances', async () => {
    const { key } = await one.newAccount();
    await Promise.all(
      Array.from({ length: 11 }, (_, i) => [one, two][i % 2]!.request('POST', '/api/v1/audits', { key, body: { url: 'shop.example' } })),
    );
    const audit = extensionAudit();
    const first = await two.request('PUT', `/api/v1/audits/${audit.id}`, { key, body: { audit } });
    expect(first.status).toBe(201);
    expect(first.headers.get('ratelimit-limit')).toBe('120');
    expect(first.headers.get('ratelimit-remaining')).toBe('119');
    const again = await one.request('PUT', `/api/v1/audits/${audit.id}`, { key, body: { audit } });
    expect(again.status).toBe(200);
    expect(again.headers.get('ratelimit-remaining')).toBe('118');
  });

  it.each([
    ['POST /api/v1/audits', { body: { url: 'shop.example' } }, 60],
    ['POST /api/v1/citations/checks', {}, 3600],
  ] as const)('%s: RateLimit-Reset is never more than the window, also at its start', async (route, options, windowSeconds) => {
    const path = route.split(' ')[1]!;
    for (let i = 0; i < 10; i++) {
      const { key } = await one.newAccount();
      const first = await [one, two][i % 2]!.request('POST', path, { key, ...options }); // opens the account's window
      const second = await [two, one][i % 2]!.request('POST', path, { key, ...options });
      for (const res of [first, second]) {
        expect(res.status).toBeLessThan(300);
        expect(Number(res.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(windowSeconds);
        expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(windowSeconds - 1);
      }
    }
  });

  it('with Redis gone, limited routes answer 503 with Retry-After and store nothing; other routes still work', async () => {
    const { key } = await one.newAccount();
    await redis.stop();
    const res = await one.request('POST', '/api/v1/audits', { key, body: { url: 'shop.example' } });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ error: 'Rate limits cannot be checked right now: retry shortly' });
    expect(res.headers.get('retry-after')).toBe('5');
    const list = await two.request('GET', '/api/v1/audits', { key });
    expect(list.status).toBe(200);
    expect(list.json.audits).toEqual([]);
  });
});
