/**
 * The page side of a `citable worker`: a BullMQ worker on the `crawl-pages` queue that audits one page per
 * job (on this process's audit threads when built) with the crawl's site files, read from the store once per
 * crawl and kept for the last few crawls. The job's return value is the page's result, which the crawl's
 * coordinator (in whichever worker runs the crawl) stores. A worker whose database lacks the crawl (another
 * DATABASE_URL on the same Redis) puts the job back for another worker and says so, instead of failing the page.
 */
import { DelayedError, Worker } from 'bullmq';
import type { CrawlPageResult } from '../../../shared/crawl/crawl-page.js';
import type { GatheredSiteFiles } from '../../../shared/gather/gather-site-files.js';
import type { Logger } from '../../logging/logger.js';
import type { CrawlStore } from '../../store/contracts/crawls.js';
import type { CrawlPageRunner } from '../page-runner.js';
import { CRAWL_JOB_LOCK_MS, CRAWL_QUEUE_PREFIX, CRAWL_STALL_CHECK_MS, PAGE_QUEUE, type CrawlQueues } from './crawl-queues.js';
import type { PageJobData } from './queue-page-runner.js';

const SITE_FILES_KEPT = 16;

/** The options every crawl-queue worker of this process shares: a killed worker's jobs go to another after the lock. */
export function jobWorkerOptions(queues: Pick<CrawlQueues, 'connection'>, concurrency: number) {
  return {
    connection: queues.connection(),
    prefix: CRAWL_QUEUE_PREFIX,
    concurrency,
    lockDuration: CRAWL_JOB_LOCK_MS,
    stalledInterval: CRAWL_STALL_CHECK_MS,
    maxStalledCount: 1_000,
  };
}

/** Thrown for a page of a crawl that this worker's database does not have (its DATABASE_URL is not the API's). */
class CrawlNotHere extends Error {}

/** The site files of a crawl, read from the store once and kept for the last SITE_FILES_KEPT crawls. */
function siteFilesReader(crawlStore: CrawlStore): (crawlId: string) => Promise<GatheredSiteFiles> {
  const kept = new Map<string, GatheredSiteFiles>();
  return async (crawlId) => {
    let files = kept.get(crawlId);
    if (!files) {
      files = (await crawlStore.siteFiles(crawlId)) ?? undefined;
      if (!files && !(await crawlStore.crawlById(crawlId))) throw new CrawlNotHere(crawlId);
      if (!files) throw new Error(`crawl ${crawlId} has no site files in the store`);
      kept.set(crawlId, files);
      if (kept.size > SITE_FILES_KEPT) kept.delete(kept.keys().next().value!);
    }
    return files;
  };
}

export interface PageWorker {
  worker: Worker<PageJobData, CrawlPageResult>;
  /** Page jobs this process finished. */
  readonly done: number;
}

export function startPageWorker(options: {
  crawlStore: CrawlStore;
  queues: Pick<CrawlQueues, 'connection'>;
  pages: CrawlPageRunner;
  concurrency: number;
  logger: Logger;
}): PageWorker {
  const filesOf = siteFilesReader(options.crawlStore);
  const warned = new Set<string>();
  let done = 0;
  const worker = new Worker<PageJobData, CrawlPageResult>(
    PAGE_QUEUE,
    async (job, token, signal) => {
      const { request } = job.data;
      let files: GatheredSiteFiles;
      try {
        files = await filesOf(request.crawlId);
      } catch (error) {
        if (!(error instanceof CrawlNotHere)) throw error;
        // Back to the queue without spending an attempt: a worker on the API servers' database audits it.
        if (!warned.has(request.crawlId)) {
          warned.add(request.crawlId);
          options.logger.warn("page jobs of a crawl this worker's database does not have: give it the API servers' DATABASE_URL", {
            crawl_id: request.crawlId,
          });
        }
        await job.moveToDelayed(Date.now() + 1_000, token);
        throw new DelayedError();
      }
      const result = await options.pages.runPage(request, { key: request.crawlId, files }, signal ?? new AbortController().signal);
      done++;
      return result;
    },
    jobWorkerOptions(options.queues, options.concurrency),
  );
  return {
    worker,
    get done() {
      return done;
    },
  };
}
