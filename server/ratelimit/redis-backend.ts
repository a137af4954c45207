/**
 * Rate-limit counters in Redis (REDIS_URL), shared by every server process: koa-ratelimit's Redis driver
 * counts with one Lua script per request, so of a burst spread over several processes exactly `max` get
 * through. Its window slides (the last 60 s) where the memory driver's is fixed; the headers and the 429
 * stay the same (server/middleware/rate-limit.ts). Keys live under `citable:ratelimit:`.
 */
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import { redactUrl } from '../util/redact-url.js';

// ioredis is loaded only when REDIS_URL asks for it (it adds a fifth to the embedded default's start-up).
const loadRedis = () => (createRequire(import.meta.url)('ioredis') as typeof import('ioredis')).Redis;

export const RATE_LIMIT_KEY_PREFIX = 'citable:ratelimit:';

export function createRedisRateLimitClient(url: string): Redis {
  const client = new (loadRedis())(url, {
    keyPrefix: RATE_LIMIT_KEY_PREFIX,
    lazyConnect: true, // connects on the first command (main.ts pings at start to fail fast)
    connectTimeout: 5_000,
    maxRetriesPerRequest: 2, // a request fails within seconds when Redis is away, instead of hanging
    connectionName: 'citable-ratelimit',
  });
  client.on('error', () => undefined); // reconnects on its own; failed commands reach the request (503)
  return client;
}

/** Resolves once Redis answers; rejects with a message naming REDIS_URL otherwise. */
export async function checkRedis(client: Redis, url: string): Promise<void> {
  try {
    await client.ping();
  } catch (error) {
    throw new Error(`REDIS_URL: cannot reach Redis at ${redactUrl(url)} (${(error as Error).message})`, { cause: error });
  }
}
