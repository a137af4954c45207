/**
 * What a `citable worker` process runs with REDIS_URL and DATABASE_URL: BullMQ workers for both crawl queues.
 * A crawl job runs the crawl's coordinator here (its pages queued as page jobs, its politeness and rollup as in
 * the embedded server); a page job audits one page (page-worker.ts). A crawl cancelled through any API process
 * is noticed here within a second. At shutdown, running crawls stay running in the store and their jobs go
 * back to the queue. The log says which crawl this worker starts or takes over (and when: each line's time),
 * which it hands back, and which jobs it found stalled (their worker stopped answering).
 */
import { Worker, type Job } from 'bullmq';
import type { Fetcher } from '../../../shared/types/fetcher.js';
import type { Logger } from '../../logging/logger.js';
import type { CrawlStore } from '../../store/contracts/crawls.js';
import type { Store } from '../../store/contracts/store.js';
import { CrawlCoordinator } from '../crawl-coordinator.js';
import type { CrawlSettings } from '../crawl-settings.js';
import { HostGate } from '../host-gate.js';
import type { CrawlPageRunner } from '../page-runner.js';
import { pageAuditSaver } from '../save-page-audit.js';
import { CRAWL_QUEUE, queueCrawlJob, type CrawlQueues } from './crawl-queues.js';
import { jobWorkerOptions, startPageWorker } from './page-worker.js';
import { namingPrivateSetting } from './private-address-hint.js';
import { queuePageRunner } from './queue-page-runner.js';

/** Crawls one worker process coordinates at once (their pages are spread over every worker). */
export const CRAWLS_PER_WORKER = 4;
const CANCEL_CHECK_MS = 1_000;

export interface CrawlWorkerOptions {
  store: Store;
  queues: CrawlQueues;
  fetcher: Fetcher;
  /** Runs this process's page jobs (threads or this thread). */
  pages: CrawlPageRunner;
  settings: CrawlSettings;
  logger: Logger;
  /** AUDIT_ALLOW_PRIVATE of this process: without it, a crawl refused for a private address says to set it. */
  allowPrivate?: boolean;
}

export interface CrawlWorker {
  /** Page jobs this process finished (figures and tests). */
  readonly pagesDone: number;
  close(): Promise<void>;
}

export async function startCrawlWorker(options: CrawlWorkerOptions): Promise<CrawlWorker> {
  const { queues, logger, settings } = options;
  const crawlStore = await options.store.crawls();
  await queues.pageEvents.waitUntilReady();
  const coordinator = new CrawlCoordinator({
    store: options.allowPrivate ? crawlStore : namingPrivateSetting(crawlStore, logger),
    pages: queuePageRunner(queues),
    fetcher: options.fetcher,
    gate: new HostGate(settings.hostConcurrency),
    // Pages waiting for a page worker: enough to keep every worker busy.
    settings: { ...settings, concurrency: Math.max(settings.concurrency, 32) },
    saveAudit: pageAuditSaver(options.store),
    logger,
  });
  let stopping = false;
  const pages = startPageWorker({ crawlStore, queues, pages: options.pages, concurrency: settings.concurrency, logger });
  const crawls = new Worker<{ crawlId: string }>(
    CRAWL_QUEUE,
    (job) => runCrawlJob(job, { crawlStore, coordinator, queues, logger, stopping: () => stopping }),
    jobWorkerOptions(queues, CRAWLS_PER_WORKER),
  );
  logWorkerEvents(crawls, pages.worker, logger);

  // Crawls left unfinished with no job (Redis lost its data): queue them again (a no-op for those queued).
  for (const crawl of await crawlStore.unfinishedCrawls()) await queueCrawlJob(queues, crawl.id);

  return {
    get pagesDone() {
      return pages.done;
    },
    async close() {
      if (stopping) return;
      stopping = true;
      await coordinator.stop(); // running crawls stay running in the store
      await Promise.allSettled([crawls.close(), pages.worker.close()]);
    },
  };
}

interface CrawlJobDeps {
  crawlStore: CrawlStore;
  coordinator: CrawlCoordinator;
  queues: Pick<CrawlQueues, 'crawls'>;
  logger: Logger;
  stopping: () => boolean;
}

/** One crawl job: the crawl's coordinator, run here to the crawl's end (or until this worker stops). */
async function runCrawlJob(job: Job<{ crawlId: string }>, deps: CrawlJobDeps): Promise<void> {
  const id = job.data.crawlId;
  const { crawlStore, coordinator, logger } = deps;
  const before = await crawlStore.crawlById(id);
  if (!before) {
    // The API stored the crawl before queueing it: this worker reads another database. The job goes back to the
    // queue (a worker on the right database takes it) rather than vanish and leave the crawl queued for good.
    logger.warn("crawl job for a crawl this worker's database does not have: give it the API servers' DATABASE_URL", { crawl_id: id });
    throw new Error(`crawl ${id} is not in this worker's database`);
  }
  if (before.status !== 'queued' && before.status !== 'running') return; // ended meanwhile: nothing to run
  logger.info(before.status === 'queued' ? 'crawl started' : 'crawl taken over', {
    crawl_id: id,
    url: before.url,
    // A running crawl here was left by a worker that stopped (SIGTERM) or stopped answering (killed): resumed from the store.
    audited: before.progress.audited,
    failed: before.progress.failed,
  });
  // A cancel through any API process ends the crawl in the store: stop its pages here.
  const watch = setInterval(() => {
    void crawlStore.crawlById(id).then(
      (c) => {
        if (c && c.status !== 'queued' && c.status !== 'running') void coordinator.cancel(id);
      },
      () => undefined,
    );
  }, CANCEL_CHECK_MS);
  try {
    await coordinator.run(id);
  } finally {
    clearInterval(watch);
  }
  const after = await crawlStore.crawlById(id);
  if (after && (after.status === 'queued' || after.status === 'running')) {
    // Stopped by this worker's shutdown: the job goes back to the queue and another worker resumes the crawl.
    if (deps.stopping()) {
      logger.info('crawl handed back', { crawl_id: id, audited: after.progress.audited });
      // Queued again if Redis lost the job meanwhile (a no-op while it is there: it goes back to the queue below).
      await queueCrawlJob(deps.queues, id).catch(() => undefined);
    }
    throw new Error('the worker stopped before the crawl ended');
  }
}

/** Queue errors, and jobs found stalled (a worker killed or frozen mid-job: BullMQ gives its jobs to another). */
function logWorkerEvents(crawls: Worker, pages: Worker, logger: Logger): void {
  for (const worker of [crawls, pages]) worker.on('error', (error) => logger.warn('crawl worker error', { error: String(error) }));
  crawls.on('stalled', (crawlId) =>
    logger.warn('crawl job stalled: the worker running it stopped answering; a worker takes the crawl over', { crawl_id: crawlId }),
  );
  pages.on('stalled', (jobId) =>
    logger.warn('page job stalled: the worker auditing it stopped answering; a worker audits the page again', { job_id: jobId }),
  );
}
