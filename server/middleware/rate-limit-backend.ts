/**
 * Where rate-limit counters live. In memory (one server process) by default; with REDIS_URL, in Redis
 * through koa-ratelimit's Redis driver, so several server processes share them
 * (server/ratelimit/redis-backend.ts).
 */
import type { Redis } from 'ioredis';
import { createRedisRateLimitClient } from '../ratelimit/redis-backend.js';

export type RateLimitBackend = { driver: 'memory'; db: Map<string, unknown> } | { driver: 'redis'; db: Redis };

export function createRateLimitBackend(config: { redisUrl: string | null }): RateLimitBackend {
  if (config.redisUrl) return { driver: 'redis', db: createRedisRateLimitClient(config.redisUrl) };
  return { driver: 'memory', db: new Map() };
}

/** Closes the Redis connection (nothing to do for memory). */
export async function closeRateLimitBackend(backend: RateLimitBackend): Promise<void> {
  if (backend.driver !== 'redis') return;
  if (backend.db.status === 'wait')
    backend.db.disconnect(); // never connected (lazy): nothing to say goodbye to
  else await backend.db.quit().catch(() => backend.db.disconnect());
}
