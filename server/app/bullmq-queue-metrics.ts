/**
 * With REDIS_URL, the depth and age of the BullMQ queues every process shares: citation pairs, crawls and
 * crawl pages. Their own read-only Queue objects on one Redis connection, asked at each scrape (a few
 * commands per queue); every process reports the same figures, so an alert takes max() over the processes.
 * Loaded only with REDIS_URL.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_NAME, QUEUE_PREFIX } from '../citations/queue/queue-context.js';
import { CRAWL_QUEUE, CRAWL_QUEUE_PREFIX, PAGE_QUEUE } from '../crawls/queued/crawl-queues.js';
import { registerQueue, type QueueSample } from '../metrics/queue-metrics.js';

async function sampleOf(queue: Queue): Promise<QueueSample> {
  const counts = await queue.getJobCounts('wait', 'delayed', 'prioritized');
  const depth = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const [oldest] = await queue.getJobs(['wait', 'prioritized'], 0, 0, true);
  return { depth, oldestAgeSeconds: oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0 };
}

/** Registers the shared queues; returns what closes them. */
export function registerBullmqQueues(redisUrl: string): () => Promise<void> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectionName: 'citable-metrics', lazyConnect: true });
  connection.on('error', () => undefined); // a scrape while Redis is down leaves these series out
  const queues: Array<[string, Queue]> = [
    ['citation_pairs', new Queue(QUEUE_NAME, { connection, prefix: QUEUE_PREFIX })],
    ['crawls', new Queue(CRAWL_QUEUE, { connection, prefix: CRAWL_QUEUE_PREFIX })],
    ['crawl_pages', new Queue(PAGE_QUEUE, { connection, prefix: CRAWL_QUEUE_PREFIX })],
  ];
  const unregister = queues.map(([name, queue]) => registerQueue(name, () => sampleOf(queue)));
  for (const [, queue] of queues) queue.on('error', () => undefined);
  return async () => {
    for (const off of unregister) off();
    await Promise.allSettled(queues.map(([, queue]) => queue.close()));
    connection.disconnect();
  };
}
