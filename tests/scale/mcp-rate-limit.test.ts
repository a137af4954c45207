/**
 * audit_url through POST /mcp on two app instances sharing Redis (REDIS_URL), as two server processes
 * would: the account's 10 audits a minute are one allowance across instances and across POST /audits,
 * the refusal names a sane wait in seconds from Redis's reset time, and with Redis gone nothing runs
 * uncounted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRateLimitBackend, createRateLimitBackend, type RateLimitBackend } from '../../server/middleware/rate-limit-backend.js';
import { servicesAvailable, startRedis, type RedisServer } from '../helpers/services/index.js';
import { call, connectHttp, textOf } from '../mcp/helpers/mcp-clients.js';
import { startTestApi, type TestApi } from '../server/helpers/test-api.js';

describe.runIf(servicesAvailable('redis'))('the MCP audit limit in Redis, shared by two app instances', () => {
  let redis: RedisServer;
  let backends: RateLimitBackend[];
  let one: TestApi;
  let two: TestApi;

  beforeAll(async () => {
    redis = await startRedis();
    backends = [createRateLimitBackend({ redisUrl: redis.url }), createRateLimitBackend({ redisUrl: redis.url })];
    one = await startTestApi({ rateLimitBackend: backends[0] });
    two = await startTestApi({ rateLimitBackend: backends[1], store: one.store, dataDir: one.dataDir });
  }, 60_000);
  afterAll(async () => {
    await two?.close();
    await one?.close({ removeData: true });
    for (const b of backends ?? []) await closeRateLimitBackend(b);
    await redis?.stop();
  });

  it('4 POST /audits on one instance and 12 parallel audit_url calls on the other: exactly 6 calls run', async () => {
    const { key } = await one.newAccount();
    for (let i = 0; i < 4; i++)
      expect((await one.request('POST', '/api/v1/audits', { key, body: { url: 'shop.example' } })).status).toBe(201);
    const client = await connectHttp(two.url, key);
    try {
      const answers = await Promise.all(Array.from({ length: 12 }, () => call(client, 'audit_url', { url: 'shop.example' })));
      const refused = answers.filter((a) => a.isError);
      expect(answers.filter((a) => !a.isError)).toHaveLength(6);
      expect(refused).toHaveLength(6);
      for (const answer of refused) {
        const wait = Number(/^Rate limit exceeded: max 10 audits per minute: retry in (\d+) s$/.exec(textOf(answer))?.[1]);
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(wait).toBeLessThanOrEqual(60);
      }
    } finally {
      await client.close();
    }
    expect((await one.request('GET', '/api/v1/audits?limit=100', { key })).json.audits).toHaveLength(10);
  });

  it('with Redis gone, audit_url is a tool error and runs nothing; reading still works', async () => {
    const { key } = await one.newAccount();
    const client = await connectHttp(two.url, key);
    try {
      await redis.stop();
      const answer = await call(client, 'audit_url', { url: 'shop.example' });
      expect(answer.isError).toBe(true);
      expect(textOf(answer)).toBe('Rate limits cannot be checked right now: retry shortly');
      expect((await call(client, 'list_citations', {})).isError).toBeFalsy();
    } finally {
      await client.close();
    }
    expect((await one.request('GET', '/api/v1/audits', { key })).json.audits).toEqual([]);
  });
});
