/**
 * What a `citable worker` process runs with REDIS_URL and DATABASE_URL: BullMQ workers for both crawl queues.
 * A crawl job runs the crawl's coordinator here (its pages queued as page jobs, its politeness and rollup as in
 * the embedded server); a page job audits one page (on this process's audit threads when built) with the crawl's
 * site files read once from the store. A crawl cancelled through any API process is noticed here within a
 * second. At shutdown, running crawls stay running in the store and their jobs go back to the queue.
 */
import { Worker, type Job } from 'bullmq';
import type { CrawlPageResult } from '../../../shared/crawl/crawl-page.js';
import type { GatheredSiteFiles } from '../../../shared/gather/gather-site-files.js';
import type { Fetcher } from '../../../shared/types/fetcher.js';
import type { Logger } from '../../logging/logger.js';
import type { Store } from '../../store/contracts/store.js';
import { CrawlCoordinator } from '../crawl-coordinator.js';
import type { CrawlSettings } from '../crawl-settings.js';
import { HostGate } from '../host-gate.js';
import type { CrawlPageRunner } from '../page-runner.js';
import { pageAuditSaver } from '../save-page-audit.js';
import {
  CRAWL_JOB_LOCK_MS,
  CRAWL_QUEUE,
  CRAWL_QUEUE_PREFIX,
  CRAWL_STALL_CHECK_MS,
  PAGE_QUEUE,
  queueCrawlJob,
  type CrawlQueues,
} from './crawl-queues.js';
import { queuePageRunner, type PageJobData } from './queue-page-runner.js';

/** Crawls one worker process coordinates at once (their pages are spread over every worker). */
export const CRAWLS_PER_WORKER = 4;
const CANCEL_CHECK_MS = 1_000;
const SITE_FILES_KEPT = 16;

export interface CrawlWorkerOptions {
  store: Store;
  queues: CrawlQueues;
  fetcher: Fetcher;
  /** Runs this process's page jobs (threads or this thread). */
  pages: CrawlPageRunner;
  settings: CrawlSettings;
  logger: Logger;
}

export interface CrawlWorker {
  /** Page jobs this process finished (figures and tests). */
  readonly pagesDone: number;
  close(): Promise<void>;
}

export async function startCrawlWorker(options: CrawlWorkerOptions): Promise<CrawlWorker> {
  const { store, queues, logger, settings } = options;
  const crawlStore = await store.crawls();
  await queues.pageEvents.waitUntilReady();
  const coordinator = new CrawlCoordinator({
    store: crawlStore,
    pages: queuePageRunner(queues),
    fetcher: options.fetcher,
    gate: new HostGate(settings.hostConcurrency),
    // Pages waiting for a page worker: enough to keep every worker busy.
    settings: { ...settings, concurrency: Math.max(settings.concurrency, 32) },
    saveAudit: pageAuditSaver(store),
    logger,
  });
  let stopping = false;

  const siteFiles = new Map<string, GatheredSiteFiles>();
  const filesOf = async (crawlId: string): Promise<GatheredSiteFiles> => {
    let files = siteFiles.get(crawlId);
    if (!files) {
      files = (await crawlStore.siteFiles(crawlId)) ?? undefined;
      if (!files) throw new Error(`crawl ${crawlId} has no site files in the store`);
      siteFiles.set(crawlId, files);
      if (siteFiles.size > SITE_FILES_KEPT) siteFiles.delete(siteFiles.keys().next().value!);
    }
    return files;
  };

  let pagesDone = 0;
  const pageWorker = new Worker<PageJobData, CrawlPageResult>(
    PAGE_QUEUE,
    async (job, _token, signal) => {
      const { request } = job.data;
      const result = await options.pages.runPage(
        request,
        { key: request.crawlId, files: await filesOf(request.crawlId) },
        signal ?? new AbortController().signal,
      );
      pagesDone++;
      return result;
    },
    {
      connection: queues.connection(),
      prefix: CRAWL_QUEUE_PREFIX,
      concurrency: settings.concurrency,
      lockDuration: CRAWL_JOB_LOCK_MS,
      stalledInterval: CRAWL_STALL_CHECK_MS,
      maxStalledCount: 1_000,
    },
  );

  const crawlWorker = new Worker<{ crawlId: string }>(
    CRAWL_QUEUE,
    async (job: Job<{ crawlId: string }>) => {
      const id = job.data.crawlId;
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
      // Stopped by this worker's shutdown: the job goes back to the queue and another worker resumes the crawl.
      if (after && (after.status === 'queued' || after.status === 'running')) throw new Error('the worker stopped before the crawl ended');
    },
    {
      connection: queues.connection(),
      prefix: CRAWL_QUEUE_PREFIX,
      concurrency: CRAWLS_PER_WORKER,
      lockDuration: CRAWL_JOB_LOCK_MS,
      stalledInterval: CRAWL_STALL_CHECK_MS,
      maxStalledCount: 1_000,
    },
  );
  for (const worker of [pageWorker, crawlWorker])
    worker.on('error', (error) => logger.warn('crawl worker error', { error: String(error) }));

  // Crawls left unfinished with no job (Redis lost its data): queue them again (a no-op for those queued).
  for (const crawl of await crawlStore.unfinishedCrawls()) await queueCrawlJob(queues, crawl.id);

  return {
    get pagesDone() {
      return pagesDone;
    },
    async close() {
      if (stopping) return;
      stopping = true;
      await coordinator.stop(); // running crawls stay running in the store
      await Promise.allSettled([crawlWorker.close(), pageWorker.close()]);
    },
  };
}
