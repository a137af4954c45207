/**
 * With REDIS_URL, the deleted account's jobs still waiting in the BullMQ queues every process shares: its
 * citation pairs (by account), its crawls and their pages (by crawl id). Jobs waiting, delayed, prioritised, waiting for children
 * or kept after failing are removed; a job a worker is running cannot be (BullMQ holds its lock): it finds
 * its crawl or prompt gone and ends, and is counted as left running.
 */
import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_NAME, QUEUE_PREFIX } from '../citations/queue/queue-context.js';
import { CRAWL_QUEUE, CRAWL_QUEUE_PREFIX, PAGE_QUEUE } from '../crawls/queued/crawl-queues.js';

export interface QueuedJobsRemoved {
  removed: number;
  /** Jobs of the account that were running (a worker holds them); they end on their own. */
  running: number;
}

const STATES = ['wait', 'delayed', 'prioritized', 'failed', 'completed', 'waiting-children'] as const;

async function purge(queue: Queue, belongs: (job: Job) => boolean): Promise<QueuedJobsRemoved> {
  let removed = 0;
  for (const job of await queue.getJobs([...STATES])) {
    if (!job || !belongs(job)) continue;
    await job.remove();
    removed++;
  }
  const running = (await queue.getJobs(['active'])).filter((job) => job && belongs(job)).length;
  return { removed, running };
}

export async function removeQueuedJobs(redisUrl: string, accountId: string, crawlIds: ReadonlySet<string>): Promise<QueuedJobsRemoved> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectionName: 'citable-cli' });
  connection.on('error', () => undefined);
  const queues = {
    pairs: new Queue(QUEUE_NAME, { connection, prefix: QUEUE_PREFIX }),
    crawls: new Queue(CRAWL_QUEUE, { connection, prefix: CRAWL_QUEUE_PREFIX }),
    pages: new Queue(PAGE_QUEUE, { connection, prefix: CRAWL_QUEUE_PREFIX }),
  };
  try {
    const results = [
      await purge(queues.pairs, (job) => (job.data as { accountId?: string }).accountId === accountId),
      await purge(queues.crawls, (job) => crawlIds.has((job.data as { crawlId?: string }).crawlId ?? '')),
      await purge(queues.pages, (job) => crawlIds.has((job.data as { request?: { crawlId?: string } }).request?.crawlId ?? '')),
    ];
    return { removed: results.reduce((n, r) => n + r.removed, 0), running: results.reduce((n, r) => n + r.running, 0) };
  } finally {
    await Promise.allSettled(Object.values(queues).map((q) => q.close()));
    connection.disconnect();
  }
}
