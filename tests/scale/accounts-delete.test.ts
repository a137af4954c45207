/**
 * `citable accounts delete ID --yes` with DATABASE_URL and REDIS_URL (docs/operations.md#deleting-an-account):
 * one of everything for two accounts in PostgreSQL, and jobs of both waiting in the shared BullMQ queues
 * (citation pairs, crawls, crawl pages). After the deletion a `pg_dump` of the database and every value in
 * Redis hold none of the deleted account's ids, URLs or key hash, and the other account is whole.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../server/cli/main.js';
import { QUEUE_NAME, QUEUE_PREFIX } from '../../server/citations/queue/queue-context.js';
import { CRAWL_QUEUE, CRAWL_QUEUE_PREFIX, PAGE_QUEUE } from '../../server/crawls/queued/crawl-queues.js';
import { PostgresStore } from '../../server/store/postgres/store.js';
import { memoryIo } from '../cli/cli-io.js';
import {
  findPostgres,
  servicesAvailable,
  startPostgres,
  startRedis,
  type PostgresServer,
  type RedisServer,
} from '../helpers/services/index.js';
import { seedAccount, SEEDED_RECORDS, sharedCheck, type SeededAccount } from '../server/store/contracts/account-records.js';

const run = promisify(execFile);

/** Every key and value in Redis, as one text. */
async function redisText(url: string): Promise<string> {
  const redis = new Redis(url);
  try {
    const parts: string[] = [];
    for (const key of await redis.keys('*')) {
      const type = await redis.type(key);
      parts.push(key);
      if (type === 'string') parts.push((await redis.get(key)) ?? '');
      else if (type === 'hash') parts.push(JSON.stringify(await redis.hgetall(key)));
      else if (type === 'list') parts.push(...(await redis.lrange(key, 0, -1)));
      else if (type === 'set') parts.push(...(await redis.smembers(key)));
      else if (type === 'zset') parts.push(...(await redis.zrange(key, 0, -1)));
      else if (type === 'stream') parts.push(JSON.stringify(await redis.xrange(key, '-', '+')));
    }
    return parts.join('\n');
  } finally {
    redis.disconnect();
  }
}

async function queueJobs(redisUrl: string, a: SeededAccount): Promise<void> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queues = [
    new Queue(QUEUE_NAME, { connection, prefix: QUEUE_PREFIX }),
    new Queue(CRAWL_QUEUE, { connection, prefix: CRAWL_QUEUE_PREFIX }),
    new Queue(PAGE_QUEUE, { connection, prefix: CRAWL_QUEUE_PREFIX }),
  ] as const;
  const [pairs, crawls, pages] = queues;
  for (const p of a.prompts)
    await pairs.add(
      'pair',
      { checkId: a.manualCheckId, accountId: a.accountId, promptId: p.id, engine: 'chatgpt' },
      { jobId: `manual.${a.manualCheckId}.${p.id}.chatgpt` },
    );
  await crawls.add('crawl', { crawlId: a.crawlId }, { jobId: a.crawlId });
  await pages.add('page', { request: { crawlId: a.crawlId, url: `https://${a.domain}/next`, host: a.domain } }, { delay: 60_000 });
  await Promise.all(queues.map((q) => q.close()));
  connection.disconnect();
}

describe.runIf(servicesAvailable('postgres') && servicesAvailable('redis'))('citable accounts delete on PostgreSQL and Redis', () => {
  let pg: PostgresServer;
  let redis: RedisServer;
  beforeAll(async () => {
    [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
    await redis?.stop();
  });

  it('leaves no trace of the account in the database or in Redis, and the other account whole', async () => {
    const url = await pg.createDatabase();
    const store = await PostgresStore.open(url, { poolSize: 2 });
    const a = await seedAccount(store, 'alpha');
    const b = await seedAccount(store, 'bravo');
    await sharedCheck(store, [a, b]);
    await store.close();
    await queueJobs(redis.url, a);
    await queueJobs(redis.url, b);

    const dump = async () =>
      (await run(path.join(path.dirname(findPostgres()!.postgres), 'pg_dump'), ['--data-only', '--inserts', url], { maxBuffer: 64 << 20 }))
        .stdout;
    const traces = (text: string, account: SeededAccount) => account.traces.filter((t) => text.includes(t));
    expect(traces(await dump(), a)).toEqual(a.traces);
    expect(traces(await redisText(redis.url), a)).toEqual(expect.arrayContaining([a.accountId, a.crawlId, a.domain]));

    const io = memoryIo({ DATABASE_URL: url, REDIS_URL: redis.url });
    expect(await main(['accounts', 'delete', a.accountId, '--yes', '--json'], io)).toBe(0);
    expect(JSON.parse(io.out())).toEqual({ id: a.accountId, deleted: SEEDED_RECORDS, queued_jobs: { removed: 4, running: 0 } });

    expect(traces(await dump(), a)).toEqual([]);
    expect(traces(await redisText(redis.url), a)).toEqual([]);
    expect(traces(await dump(), b)).toEqual(b.traces);
    expect(traces(await redisText(redis.url), b)).toEqual(expect.arrayContaining([b.accountId, b.crawlId, b.domain]));
    const after = await PostgresStore.open(url, { poolSize: 2 });
    try {
      expect(await after.accountRecords(b.accountId)).toEqual(SEEDED_RECORDS);
      expect(await after.accountRecords(a.accountId)).toBeNull();
    } finally {
      await after.close();
    }
  }, 120_000);
});
