/**
 * Site audits of an API process with REDIS_URL: the crawl is stored and its job queued; `citable worker`
 * processes run it (crawl-worker.ts). Reads come from the store, so any API process answers for any crawl;
 * a cancel ends the crawl in the store, and the worker running it stops its pages. A crawl queued while no
 * worker is connected to Redis would wait without a word: the API process logs a warning instead, and GET
 * /crawls/{id} of a queued crawl says in its notes that it waits for a worker (WAITING_FOR_WORKER_NOTE).
 */
import type { Logger } from '../../logging/logger.js';
import type { Store } from '../../store/contracts/store.js';
import { CRAWL_DEFAULTS } from '../crawl-settings.js';
import type { CrawlService } from '../crawl-service.js';
import { CANCELLED_NOTE } from '../crawl-notes.js';
import { crawlWire } from '../crawl-wire.js';
import { endCrawl } from '../end-crawl.js';
import { newCrawlRecord } from '../new-crawl.js';
import { crawlReads } from '../store-reads.js';
import { openCrawlQueues, queueCrawlJob, type CrawlQueues } from './crawl-queues.js';

export function createQueuedCrawls(options: {
  store: Store;
  redisUrl: string;
  logger: Logger;
  now?: () => Date;
}): CrawlService & { queues: CrawlQueues } {
  const now = options.now ?? (() => new Date());
  const queues = openCrawlQueues(options.redisUrl, options.logger);
  const warnWithoutWorkers = workerlessWarning(queues, options.logger);
  const workers = workerCount(queues);
  return {
    queues,
    ...crawlReads(options.store),
    async get(accountId, id) {
      const stored = await (await options.store.crawls()).getCrawl(accountId, id);
      if (!stored) return null;
      const crawl = crawlWire(stored);
      if (crawl.status === 'queued' && (await workers()) === 0) crawl.notes.push(WAITING_FOR_WORKER_NOTE);
      return crawl;
    },
    async create(accountId, input) {
      const crawls = await options.store.crawls();
      const record = newCrawlRecord(accountId, input.url, input.max_pages, now(), input.render);
      if ((await crawls.createCrawl(record, CRAWL_DEFAULTS.maxRunningPerAccount)) === 'limit') return { created: false, reason: 'limit' };
      await queueCrawlJob(queues, record.id);
      void warnWithoutWorkers({ crawl_id: record.id });
      const crawl = crawlWire(record);
      if ((await workers()) === 0) crawl.notes.push(WAITING_FOR_WORKER_NOTE);
      return { created: true, crawl };
    },
    async cancel(accountId, id) {
      const crawls = await options.store.crawls();
      const stored = await crawls.getCrawl(accountId, id);
      if (!stored) return null;
      if (stored.status === 'queued' || stored.status === 'running')
        await endCrawl(crawls, id, { status: 'cancelled', error: null, notes: [CANCELLED_NOTE], now: now() });
      return crawlWire((await crawls.getCrawl(accountId, id))!);
    },
    async start() {
      // Crawls whose job Redis lost: queued again (a no-op for those still queued).
      const unfinished = await (await options.store.crawls()).unfinishedCrawls();
      for (const crawl of unfinished) await queueCrawlJob(queues, crawl.id);
      if (unfinished.length) void warnWithoutWorkers({ crawls: unfinished.length });
    },
    async stop() {
      await queues.close();
    },
  };
}

export const WAITING_FOR_WORKER_NOTE =
  'Waiting for a worker: no citable worker is connected to this Redis; the crawl starts when one does (citable worker, with the same DATABASE_URL and REDIS_URL).';

/** Workers connected to the crawl queue, asked of Redis at most once a second (null: Redis hides CLIENT LIST, or is unreachable). */
function workerCount(queues: CrawlQueues): () => Promise<number | null> {
  let last: { at: number; count: Promise<number | null> } | null = null;
  return () => {
    if (!last || Date.now() - last.at > 1_000) last = { at: Date.now(), count: queues.crawls.getWorkersCount().catch(() => null) };
    return last.count;
  };
}

/** Logs a warning when no `citable worker` is connected to the crawl queue (BullMQ's worker list, from Redis's CLIENT LIST). */
function workerlessWarning(queues: CrawlQueues, logger: Logger): (fields: Record<string, unknown>) => Promise<void> {
  return async (fields) => {
    try {
      if ((await queues.crawls.getWorkersCount()) > 0) return;
    } catch {
      return; // a Redis that hides CLIENT LIST: nothing to say
    }
    logger.warn(
      'crawl queued, but no citable worker is connected to this Redis: it stays queued until one starts (citable worker, with the same DATABASE_URL and REDIS_URL)',
      fields,
    );
  };
}
