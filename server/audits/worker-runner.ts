/**
 * The API's audit runner in production: the same bounds as createEngineRunner (createBoundedRunner: audits
 * running at once, a bounded line, cancellation at shutdown), with each audit run in a worker thread. Parsing and judging
 * a large page is synchronous CPU work of hundreds of milliseconds; on the API thread it would stall
 * every other request meanwhile (measured by tests/stress/hostile-load.test.ts: GET p99 over 2 s while
 * hostile audits ran). Threads are started on demand, at most `concurrency`, and reused; one that dies
 * fails its audit and is replaced by the next audit: out of memory is the page's fault (AuditTooHeavyError,
 * a 422), a crash is the server's (a 500).
 */
import type { ResourceLimits, Worker } from 'node:worker_threads';
import type { CrawlPageRequest, CrawlPageResult, PageGathered } from '../../shared/crawl/crawl-page.js';
import type { GatheredSiteFiles } from '../../shared/gather/gather-site-files.js';
import type { SitemapFileRequest, SitemapFileResult } from '../../shared/crawl/sitemap-file.js';
import type { StartRobots } from '../../shared/crawl/site-findings.js';
import type { QueueSample } from '../metrics/queue-metrics.js';
import type { Renderer } from '../../shared/types/renderer.js';
import { createBoundedRunner, type AuditRunner } from './audit-runner.js';
import { ThreadPool } from './thread-pool.js';
import { THREAD_LIMITS } from './thread-limits.js';

export { ThreadBudgetError } from './audit-thread-handle.js';

export interface WorkerRunnerOptions {
  /** The worker script: dist/audit-worker.mjs beside the built server. */
  workerUrl: URL;
  /** Node flags of the threads (tests run the TypeScript source with ['--import', 'tsx']). */
  execArgv?: string[];
  allowPrivate: boolean;
  deadlineMs: number;
  /** Pieces of work at once (audits, crawl pages, sitemaps). */
  concurrency: number;
  /**
   * At most this many threads (default `concurrency`: a thread per piece of work, as the API runs audits). Fewer
   * threads than `concurrency` share the work: `citable crawl` runs one thread per core with a few pages on each,
   * which saves each extra thread's start-up, compiling and warming up (measured: a 250-page crawl on 2 cores used a
   * fifth less CPU with 2 threads than with 4).
   */
  maxThreads?: number;
  /** Threads of `workerUrl` already started (server/cli/crawl/early-threads.ts): used first, each sent its setup. */
  startedThreads?: Worker[];
  queueLimit: number;
  /** Heap bounds of each thread (default THREAD_LIMITS). */
  threadLimits?: ResourceLimits;
  /** A sitemap file's time on a thread (default SITEMAP_BUDGET_MS). */
  sitemapBudgetMs?: number;
  /** The process's browser: the threads ask it for the pages of audits and crawl pages with `render`. */
  renderer?: Renderer;
  /**
   * Threads at a lower CPU priority (default true: a server's audits yield to its API). `citable crawl` has no API to
   * protect and passes false, so its audits do not yield to every other program of a busy machine.
   */
  lowerPriority?: boolean;
}

export interface WorkerRunner extends AuditRunner {
  /** Threads started and alive (at most `concurrency`). */
  readonly threads: number;
  /** Starts threads now (every thread at server start; `count` of them), so the first audits under load do not pay for it. */
  warm(count?: number): void;
  /** Ends every thread (running audits fail). */
  close(): Promise<void>;
  /** The waiting line for a thread, as the queue metrics read it. */
  waitingLine(): QueueSample;
  /**
   * Audits a crawl's page on a thread, under the same bounds as audits (it waits beyond the line's limit: the
   * crawl bounds its own pages). The crawl's site files go to each thread once, not with every page.
   */
  runPage(
    request: CrawlPageRequest,
    siteFiles: { key: string; files: GatheredSiteFiles },
    signal: AbortSignal,
    onGathered?: PageGathered,
  ): Promise<CrawlPageResult>;
  /**
   * Reads one sitemap file of a crawl's discovery on a thread (shared/crawl/sitemap-file.ts: up to 16 MB fetched,
   * parsed and sorted), under the same bounds as a page, and within SITEMAP_BUDGET_MS: beyond it the thread is ended.
   */
  runSitemap(
    request: SitemapFileRequest,
    siteFiles: { key: string; files: GatheredSiteFiles },
    signal: AbortSignal,
  ): Promise<SitemapFileResult>;
  /** Reads a crawl's robots.txt on a thread (its verdict, and whether it allows the start URL), under the same bounds as a page. */
  runRobots(startUrl: string, siteFiles: { key: string; files: GatheredSiteFiles }, signal: AbortSignal): Promise<StartRobots>;
}

/** A sitemap file's time on a thread, its fetch included: 16 MB parse in about 5 s on a busy machine. */
export const SITEMAP_BUDGET_MS = 60_000;

export function createWorkerRunner(options: WorkerRunnerOptions): WorkerRunner {
  const pool = new ThreadPool(
    {
      workerUrl: options.workerUrl,
      execArgv: options.execArgv,
      allowPrivate: options.allowPrivate,
      lowerPriority: options.lowerPriority ?? true,
      limits: options.threadLimits ?? THREAD_LIMITS,
      renderer: options.renderer,
    },
    options.concurrency,
    options.maxThreads ?? options.concurrency,
    options.startedThreads,
  );
  const bounded = createBoundedRunner(options, (url, signal, run) =>
    pool.onThread((thread) => thread.run(url, options.deadlineMs, signal, run)),
  );
  const sitemapBudgetMs = options.sitemapBudgetMs ?? SITEMAP_BUDGET_MS;

  return {
    get pending() {
      return bounded.pending;
    },
    get threads() {
      return pool.size;
    },
    run: (url, run) => bounded.run(url, run),
    runPage: (request, siteFiles, signal, onGathered) =>
      bounded.runTask((taskSignal) => pool.onThread((thread) => thread.page(request, siteFiles, taskSignal, onGathered)), signal),
    runSitemap: (request, siteFiles, signal) =>
      bounded.runTask((taskSignal) => pool.onThread((thread) => thread.sitemap(request, siteFiles, taskSignal, sitemapBudgetMs)), signal),
    runRobots: (startUrl, siteFiles, signal) =>
      bounded.runTask((taskSignal) => pool.onThread((thread) => thread.robots(startUrl, siteFiles, taskSignal)), signal),
    abortAll: (reason) => bounded.abortAll(reason),
    waitingLine: () => bounded.waitingLine(),
    warm: (count) => pool.warm(count),
    close: () => pool.close(),
  };
}
