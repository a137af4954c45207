/**
 * The citation budget's tally in Redis (REDIS_URL): every process counts against the same key, so the
 * daily budget holds across processes. A key is seeded once (SET NX) from what stored rows spent that
 * day, then incremented atomically; keys expire after two days. Keys live under `citable:budget:`.
 */
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { BudgetTally } from '../check/daily-budget.js';

const PREFIX = 'citable:budget:';
const TTL_SECONDS = 2 * 24 * 60 * 60;

export class RedisBudgetTally implements BudgetTally {
  constructor(private readonly redis: Redis) {}

  async add(key: string, seed: () => Promise<number>): Promise<number> {
    const k = PREFIX + key;
    if (!(await this.redis.exists(k))) await this.redis.set(k, String(await seed()), 'EX', TTL_SECONDS, 'NX');
    return this.redis.incr(k);
  }

  async peek(key: string): Promise<number> {
    return Number((await this.redis.get(PREFIX + key)) ?? 0);
  }
}

/** A tally with its own Redis connection (REDIS_URL); close() ends it at shutdown. */
export function createRedisBudgetTally(url: string): RedisBudgetTally & { close(): Promise<void> } {
  const client = createRedisClient(url);
  const tally = new RedisBudgetTally(client) as RedisBudgetTally & { close(): Promise<void> };
  tally.close = async () => {
    await client.quit().catch(() => client.disconnect());
  };
  return tally;
}

function createRedisClient(url: string): Redis {
  const { Redis: Client } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const client = new Client(url, { lazyConnect: true, connectTimeout: 5_000, maxRetriesPerRequest: 2, connectionName: 'citable-budget' });
  client.on('error', () => undefined); // reconnects on its own; a failed count fails that request's row (status error)
  return client;
}
