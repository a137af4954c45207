/**
 * Where rate-limit counters live. In memory (one server process) by default. koa-ratelimit also has a
 * Redis driver for several processes sharing counters; plugging it in is: build an ioredis client from
 * REDIS_URL here and return { driver: 'redis', db: client }. Until that is done and tested, REDIS_URL
 * stops the start with a clear message instead of silently counting per process.
 */
import type { Redis } from 'ioredis';

export type RateLimitBackend = { driver: 'memory'; db: Map<string, unknown> } | { driver: 'redis'; db: Redis };

export function createRateLimitBackend(config: { redisUrl: string | null }): RateLimitBackend {
  if (config.redisUrl) {
    throw new Error('REDIS_URL is not supported yet: rate limits are counted in memory (unset REDIS_URL)');
  }
  return { driver: 'memory', db: new Map() };
}
