/**
 * With REDIS_URL, the deleted account's jobs still waiting in the BullMQ queues every process shares: its
 * citation pairs (by account), its crawls and their pages (by crawl id). Jobs waiting, delayed, prioritised, waiting for children
 * or kept after failing are removed; a job a worker is running cannot be (BullMQ holds its lock): it finds
 * its crawl or prompt gone and ends, and is counted as left running. The queues' event streams name job ids
 * (which hold prompt and crawl ids): the entries about the removed jobs are deleted from them too.
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

async function purge(redis: Redis, queue: Queue, belongs: (job: Job) => boolean): Promise<QueuedJobsRemoved> {
  const removed = new Set<string>();
  for (const job of await queue.getJobs([...STATES])) {
    if (!job?.id || !belongs(job)) continue;
    await job.remove();
    removed.add(job.id);
  }
  const running = (await queue.getJobs(['active'])).filter((job) => job && belongs(job)).length;
  await forgetEvents(redis, `${queue.opts.prefix}:${queue.name}:events`, removed);
  return { removed: removed.size, running };
}

/** Deletes the entries of an event stream about these jobs. */
async function forgetEvents(redis: Redis, stream: string, jobIds: ReadonlySet<string>): Promise<void> {
  if (jobIds.size === 0) return;
  for (let from = '-'; ;) {
    const entries = await redis.xrange(stream, from, '+', 'COUNT', 1000);
    const about = entries.filter(([, fields]) => fields.some((value, i) => i % 2 === 1 && fields[i - 1] === 'jobId' && jobIds.has(value)));
    if (about.length > 0) await redis.xdel(stream, ...about.map(([id]) => id));
    if (entries.length < 1000) return;
    from = `(${entries.at(-1)![0]}`;
  }
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
      await purge(connection, queues.pairs, (job) => (job.data as { accountId?: string }).accountId === accountId),
      await purge(connection, queues.crawls, (job) => crawlIds.has((job.data as { crawlId?: string }).crawlId ?? '')),
      await purge(connection, queues.pages, (job) => crawlIds.has((job.data as { request?: { crawlId?: string } }).request?.crawlId ?? '')),
    ];
    return { removed: results.reduce((n, r) => n + r.removed, 0), running: results.reduce((n, r) => n + r.running, 0) };
  } finally {
    await Promise.allSettled(Object.values(queues).map((q) => q.close()));
    connection.disconnect();
  }
}
