/**
 * The API's audit runner in production: the same bounds as createEngineRunner (createBoundedRunner: audits
 * running at once, a bounded line, cancellation at shutdown), with each audit run in a worker thread. Parsing and judging
 * a large page is synchronous CPU work of hundreds of milliseconds; on the API thread it would stall
 * every other request meanwhile (measured by tests/stress/hostile-load.test.ts: GET p99 over 2 s while
 * hostile audits ran). Threads are started on demand, at most `concurrency`, and reused; one that dies
 * fails its audit and is replaced by the next audit: out of memory is the page's fault (AuditTooHeavyError,
 * a 422), a crash is the server's (a 500).
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { Audit } from '../../shared/types/audit.js';
import type { CrawlPageRequest, CrawlPageResult } from '../../shared/crawl/crawl-page.js';
import type { GatheredSiteFiles } from '../../shared/gather/gather-site-files.js';
import type { SitemapFileRequest, SitemapFileResult } from '../../shared/crawl/sitemap-file.js';
import type { StartRobots } from '../../shared/crawl/site-findings.js';
import type { QueueSample } from '../metrics/queue-metrics.js';
import type { Renderer } from '../../shared/types/renderer.js';
import { AuditRenderError } from '../../shared/audit/errors.js';
import { AuditTooHeavyError, createBoundedRunner, noRenderer, type AuditRunner, type AuditRunOptions } from './audit-runner.js';
import {
  fromWorkerError,
  type RenderAnswer,
  type RenderAsk,
  SITE_FILE_KEYS,
  type AuditWorkerData,
  type WorkerReply,
  type WorkerRequest,
  type WorkingSignal,
} from './worker-protocol.js';

export interface WorkerRunnerOptions {
  /** The worker script: dist/audit-worker.mjs beside the built server. */
  workerUrl: URL;
  /** Node flags of the threads (tests run the TypeScript source with ['--import', 'tsx']). */
  execArgv?: string[];
  allowPrivate: boolean;
  deadlineMs: number;
  concurrency: number;
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
    onGathered?: () => void,
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

/** A piece of work took a thread longer than its budget: the thread was ended. */
export class ThreadBudgetError extends Error {
  constructor(what: string, budgetMs: number) {
    super(`${what} took longer than ${Math.round(budgetMs / 1000)} s on an audit thread, which was stopped`);
    this.name = 'ThreadBudgetError';
  }
}

/**
 * Heap bounds of each thread. Old space: the most pathological 5 MB pages measured (a million nested
 * elements, 2 MB of nested JSON-LD) need between 96 and 192 MB; beyond 256 MB the thread dies and only
 * its audit fails (422), not the server. A small young generation keeps the garbage of parsing from
 * piling up in four threads at once: the hostile-load stress test peaked at 520 MB RSS without bounds,
 * about 380 MB with them.
 */
export const THREAD_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 8 };

class AuditThread {
  readonly worker: Worker;
  dead = false;
  /** Keys of the site files this thread holds, oldest first: the same eviction as the thread's own (audit-worker.ts). */
  readonly siteFileKeys: string[] = [];
  #settle: ((reply: WorkerReply | Error) => void) | null = null;
  /** Starts the budget of the work in progress once the thread begins it. */
  #working: (() => void) | null = null;
  /** Told when the crawl page in progress has done its fetches. */
  #gathered: (() => void) | null = null;
  readonly #renders: RenderRelay;

  constructor(private readonly options: WorkerRunnerOptions) {
    this.#renders = new RenderRelay(options.renderer ?? noRenderer, (answer) => {
      if (!this.dead) this.worker.postMessage(answer satisfies WorkerRequest);
    });
    this.worker = new Worker(options.workerUrl, {
      workerData: { allowPrivate: options.allowPrivate, lowerPriority: options.lowerPriority ?? true } satisfies AuditWorkerData,
      ...(options.execArgv ? { execArgv: options.execArgv } : {}),
      resourceLimits: options.threadLimits ?? THREAD_LIMITS,
    });
    this.worker.unref(); // an idle thread never keeps the process alive
    this.worker.on('message', (reply: WorkerReply | WorkingSignal | RenderAsk) => {
      if (reply.type === 'working') this.#working?.();
      else if (reply.type === 'gathered') this.#gathered?.();
      else if (reply.type === 'render' || reply.type === 'render-abort') this.#renders.handle(reply);
      else this.#finish(reply);
    });
    const heapMb = (options.threadLimits ?? THREAD_LIMITS).maxOldGenerationSizeMb ?? 0;
    this.worker.on('error', (error: Error & { code?: string }) =>
      this.#finish(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AuditTooHeavyError(heapMb) : new Error(`the audit worker failed: ${error.message}`),
      ),
    );
    this.worker.on('exit', (code) => this.#finish(new Error(`the audit worker stopped (exit code ${code})`)));
  }

  run(url: string, deadlineMs: number, signal: AbortSignal, options: AuditRunOptions = {}): Promise<Audit> {
    const agents = options.agents ? { agents: options.agents } : {};
    const render = options.render ? { render: true } : {};
    return this.#send({ type: 'run', url, deadlineMs, ...agents, ...render }, signal).then((reply) => {
      if (reply.type !== 'done') throw new Error(`the audit worker answered ${reply.type} to an audit`);
      return reply.audit;
    });
  }

  page(
    request: CrawlPageRequest,
    siteFiles: { key: string; files: GatheredSiteFiles },
    signal: AbortSignal,
    onGathered?: () => void,
  ): Promise<CrawlPageResult> {
    const message: WorkerRequest = { type: 'page', request, siteFiles: this.#siteFiles(siteFiles) };
    this.#gathered = onGathered ?? null;
    return this.#send(message, signal).then((reply) => {
      if (reply.type !== 'page-done') throw new Error(`the audit worker answered ${reply.type} to a crawl page`);
      return reply.result;
    });
  }

  sitemap(
    request: SitemapFileRequest,
    siteFiles: { key: string; files: GatheredSiteFiles },
    signal: AbortSignal,
  ): Promise<SitemapFileResult> {
    const message: WorkerRequest = { type: 'sitemap', request, siteFiles: this.#siteFiles(siteFiles) };
    const budget = { what: `Reading the sitemap ${request.url.slice(0, 200)}`, ms: this.options.sitemapBudgetMs ?? SITEMAP_BUDGET_MS };
    return this.#send(message, signal, budget).then((reply) => {
      if (reply.type !== 'sitemap-done') throw new Error(`the audit worker answered ${reply.type} to a sitemap`);
      return reply.result;
    });
  }

  robots(startUrl: string, siteFiles: { key: string; files: GatheredSiteFiles }, signal: AbortSignal): Promise<StartRobots> {
    const message: WorkerRequest = { type: 'robots', startUrl, siteFiles: this.#siteFiles(siteFiles) };
    return this.#send(message, signal).then((reply) => {
      if (reply.type !== 'robots-done') throw new Error(`the audit worker answered ${reply.type} to robots.txt`);
      return reply.result;
    });
  }

  /** The crawl's site files as a message carries them: whole the first time this thread sees the crawl, else by key. */
  #siteFiles(siteFiles: { key: string; files: GatheredSiteFiles }): { key: string; files?: GatheredSiteFiles } {
    if (this.siteFileKeys.includes(siteFiles.key)) return { key: siteFiles.key };
    this.siteFileKeys.push(siteFiles.key);
    if (this.siteFileKeys.length > SITE_FILE_KEYS) this.siteFileKeys.shift();
    return siteFiles;
  }

  /**
   * Sends one piece of work; resolves with the thread's answer, rejects with the engine's error or the thread's death.
   * With a `budget`, the thread is ended when the work outlasts it (synchronous parsing cannot be aborted otherwise).
   */
  #send(
    message: WorkerRequest,
    signal: AbortSignal,
    budget?: { what: string; ms: number },
  ): Promise<Exclude<WorkerReply, { type: 'failed' }>> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const reason = signal.reason as Error | string | undefined;
        this.worker.postMessage({ type: 'abort', reason: String((reason as Error)?.message ?? reason) } satisfies WorkerRequest);
      };
      let overBudget: NodeJS.Timeout | undefined;
      this.#working = budget
        ? () => {
            overBudget = setTimeout(() => {
              this.#finish(new ThreadBudgetError(budget.what, budget.ms));
              void this.worker.terminate();
            }, budget.ms);
          }
        : null;
      this.#settle = (reply) => {
        clearTimeout(overBudget);
        this.#working = null;
        this.#gathered = null;
        signal.removeEventListener('abort', onAbort);
        if (reply instanceof Error) reject(reply);
        else if (reply.type === 'failed') reject(fromWorkerError(reply.error));
        else resolve(reply);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.worker.postMessage(message);
    });
  }

  #finish(reply: WorkerReply | Error): void {
    if (reply instanceof Error) {
      this.dead = true;
      this.#renders.abortAll();
    }
    const settle = this.#settle;
    this.#settle = null;
    settle?.(reply);
  }
}

export function createWorkerRunner(options: WorkerRunnerOptions): WorkerRunner {
  const idle: AuditThread[] = [];
  const all = new Set<AuditThread>();

  const start = (): AuditThread => {
    const thread = new AuditThread(options);
    all.add(thread);
    thread.worker.once('exit', () => all.delete(thread));
    return thread;
  };
  const take = (): AuditThread => {
    for (let thread = idle.pop(); thread; thread = idle.pop()) if (!thread.dead) return thread;
    return start();
  };
  const onThread = async <T>(work: (thread: AuditThread) => Promise<T>): Promise<T> => {
    const thread = take();
    try {
      return await work(thread);
    } finally {
      if (!thread.dead) idle.push(thread);
    }
  };
  const bounded = createBoundedRunner(options, (url, signal, run) =>
    onThread((thread) => thread.run(url, options.deadlineMs, signal, run)),
  );

  return {
    get pending() {
      return bounded.pending;
    },
    get threads() {
      return all.size;
    },
    run: (url, run) => bounded.run(url, run),
    runPage: (request, siteFiles, signal, onGathered) =>
      bounded.runTask((taskSignal) => onThread((thread) => thread.page(request, siteFiles, taskSignal, onGathered)), signal),
    runSitemap: (request, siteFiles, signal) =>
      bounded.runTask((taskSignal) => onThread((thread) => thread.sitemap(request, siteFiles, taskSignal)), signal),
    runRobots: (startUrl, siteFiles, signal) =>
      bounded.runTask((taskSignal) => onThread((thread) => thread.robots(startUrl, siteFiles, taskSignal)), signal),
    abortAll: (reason) => bounded.abortAll(reason),
    waitingLine: () => bounded.waitingLine(),
    warm(count = options.concurrency) {
      while (all.size < Math.min(count, options.concurrency)) idle.push(start());
    },
    async close() {
      await Promise.all([...all].map((thread) => thread.worker.terminate()));
      idle.length = 0;
    },
  };
}

/** The renders a thread asked for, run on the process's renderer host; the answers go back to the thread. */
class RenderRelay {
  readonly #running = new Map<number, AbortController>();

  constructor(
    private readonly renderer: Renderer,
    private readonly reply: (answer: RenderAnswer) => void,
  ) {}

  handle(ask: RenderAsk): void {
    if (ask.type === 'render-abort') return this.#running.get(ask.id)?.abort(new Error('the render was cancelled'));
    const controller = new AbortController();
    this.#running.set(ask.id, controller);
    this.renderer
      .render(ask.url, { signal: controller.signal })
      .then(
        (page) => this.reply({ type: 'render-done', id: ask.id, page }),
        (error: unknown) => {
          const e = error instanceof AuditRenderError ? error : new AuditRenderError('crashed', String((error as Error)?.message ?? error));
          this.reply({ type: 'render-failed', id: ask.id, error: { code: e.code, message: e.message } });
        },
      )
      .finally(() => this.#running.delete(ask.id));
  }

  /** The thread died: its renders are no longer wanted. */
  abortAll(): void {
    for (const controller of this.#running.values()) controller.abort(new Error('the audit thread stopped'));
  }
}
