/**
 * The BullMQ queues of site audits with REDIS_URL (docs/api-decisions.md#crawls, scale-out): `crawls`, one job per crawl,
 * whose worker runs the crawl's coordinator (discovery, politeness, the rollup in the store); and
 * `crawl-pages`, one job per page audit, which every `citable worker` process takes. A worker killed mid-job
 * leaves its job stalled: BullMQ gives it to another worker, and the store records each page once.
 */
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../../logging/logger.js';
import { JOB_LOCK_MS, QUEUE_PREFIX, STALL_CHECK_MS } from '../../util/queue-timing.js';

export const CRAWL_QUEUE = 'crawls';
export const PAGE_QUEUE = 'crawl-pages';
export const CRAWL_QUEUE_PREFIX = QUEUE_PREFIX;

/** A killed worker's job is given to another after this (BullMQ's lock and stall check). */
export const CRAWL_JOB_LOCK_MS = JOB_LOCK_MS;
export const CRAWL_STALL_CHECK_MS = STALL_CHECK_MS;

export interface CrawlQueues {
  crawls: Queue;
  pages: Queue;
  /** Completions of page jobs (waitUntilFinished). */
  pageEvents: QueueEvents;
  /** A new Redis connection (a BullMQ worker needs its own). */
  connection(): Redis;
  close(): Promise<void>;
}

export function openCrawlQueues(redisUrl: string, logger: Logger): CrawlQueues {
  const connections: Redis[] = [];
  const connection = () => {
    const client = new Redis(redisUrl, { maxRetriesPerRequest: null, connectionName: 'citable-crawls' });
    client.on('error', () => undefined); // ioredis reconnects; BullMQ reports what fails
    connections.push(client);
    return client;
  };
  const crawls = new Queue(CRAWL_QUEUE, { connection: connection(), prefix: CRAWL_QUEUE_PREFIX });
  const pages = new Queue(PAGE_QUEUE, { connection: connection(), prefix: CRAWL_QUEUE_PREFIX });
  const pageEvents = new QueueEvents(PAGE_QUEUE, { connection: connection(), prefix: CRAWL_QUEUE_PREFIX });
  const warn = (error: Error) => logger.warn('crawl queue error', { error: String(error) });
  crawls.on('error', warn);
  pages.on('error', warn);
  pageEvents.on('error', warn);
  return {
    crawls,
    pages,
    pageEvents,
    connection,
    async close() {
      await Promise.allSettled([crawls.close(), pages.close(), pageEvents.close()]);
      for (const client of connections.splice(0)) client.disconnect();
    },
  };
}

/** Queues the crawl's coordinator job; a no-op while a job of this crawl waits or runs (its id is the crawl's). */
export async function queueCrawlJob(queues: Pick<CrawlQueues, 'crawls'>, crawlId: string): Promise<void> {
  await queues.crawls.add(
    'crawl',
    { crawlId },
    { jobId: crawlId, attempts: 1_000_000, backoff: { type: 'fixed', delay: 1_000 }, removeOnComplete: true, removeOnFail: true },
  );
}
