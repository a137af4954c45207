/**
 * One audit worker thread as the runner (worker-runner.ts) sees it: pieces of work sent by message, each with its
 * own id, answered in any order. The API gives a thread one audit at a time; `citable crawl` gives each of its
 * threads (one per core) a few pages at once, so a page's fetches overlap another page's parsing.
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { Audit } from '../../shared/types/audit.js';
import type { CrawlPageRequest, CrawlPageResult, PageGathered } from '../../shared/crawl/crawl-page.js';
import type { GatheredSiteFiles } from '../../shared/gather/gather-site-files.js';
import type { SitemapFileRequest, SitemapFileResult } from '../../shared/crawl/sitemap-file.js';
import type { StartRobots } from '../../shared/crawl/site-findings.js';
import type { Renderer } from '../../shared/types/renderer.js';
import { AuditTooHeavyError, noRenderer, type AuditRunOptions } from './audit-runner.js';
import { RenderRelay } from './render-relay.js';
import {
  fromWorkerError,
  type RenderAsk,
  SITE_FILE_KEYS,
  type WorkerReply,
  type WorkerRequest,
  type WorkingSignal,
  type WorkRequest,
  type ReadySignal,
} from './worker-protocol.js';

/** A piece of work took a thread longer than its budget: the thread was ended. */
export class ThreadBudgetError extends Error {
  constructor(what: string, budgetMs: number) {
    super(`${what} took longer than ${Math.round(budgetMs / 1000)} s on an audit thread, which was stopped`);
    this.name = 'ThreadBudgetError';
  }
}

/**
 * The thread died while this piece of work shared it with others: which of them killed it (a page that outgrew the
 * heap, a sitemap over its budget) is not known. The runner runs the piece again on a thread of its own.
 */
export class SharedThreadLostError extends Error {
  constructor(override readonly cause: Error) {
    super(`the audit thread stopped while running other work too: ${cause.message}`);
    this.name = 'SharedThreadLostError';
  }
}

export interface AuditThreadOptions {
  workerUrl: URL;
  execArgv?: string[] | undefined;
  allowPrivate: boolean;
  lowerPriority: boolean;
  limits: ResourceLimits;
  renderer?: Renderer | undefined;
}

type Settled = Exclude<WorkerReply, { type: 'failed' }>;

interface Work {
  settle(reply: WorkerReply | Error): void;
  /** Starts the budget of this piece once the thread begins it. */
  working: (() => void) | null;
  /** Told when the crawl page has done its fetches (with its links when it waits for its render). */
  gathered: PageGathered | null;
}

export class AuditThread {
  readonly worker: Worker;
  dead = false;
  /** Kept for a piece of work that must have a thread to itself (run again after a shared thread died). */
  reserved = false;
  /** The thread has loaded its code (its answer to the setup message): work sent now starts at once. */
  ready = false;
  /** Keys of the site files this thread holds, oldest first: the same eviction as the thread's own (audit-worker.ts). */
  readonly siteFileKeys: string[] = [];
  readonly #works = new Map<number, Work>();
  #nextId = 1;
  /** Set when the runner ends the thread for one piece's budget: the others it held did nothing wrong. */
  #endedForBudget = false;
  readonly #renders: RenderRelay;

  /** `started`: a thread of this script and limits started earlier (early-threads.ts), adopted instead of a new one. */
  constructor(options: AuditThreadOptions, started?: Worker) {
    this.#renders = new RenderRelay(options.renderer ?? noRenderer, (answer) => {
      if (!this.dead) this.worker.postMessage(answer satisfies WorkerRequest);
    });
    this.worker =
      started ??
      new Worker(options.workerUrl, {
        ...(options.execArgv ? { execArgv: options.execArgv } : {}),
        resourceLimits: options.limits,
      });
    this.worker.unref(); // an idle thread never keeps the process alive
    this.worker.postMessage({
      type: 'setup',
      allowPrivate: options.allowPrivate,
      lowerPriority: options.lowerPriority,
    } satisfies WorkerRequest);
    this.worker.on('message', (reply: WorkerReply | WorkingSignal | RenderAsk | ReadySignal) => {
      if (reply.type === 'ready') return void (this.ready = true);
      if (reply.type === 'render' || reply.type === 'render-abort') return this.#renders.handle(reply);
      const work = this.#works.get(reply.id);
      if (reply.type === 'working') work?.working?.();
      else if (reply.type === 'gathered') work?.gathered?.(reply.links);
      else {
        this.#works.delete(reply.id);
        work?.settle(reply);
      }
    });
    const heapMb = options.limits.maxOldGenerationSizeMb ?? 0;
    this.worker.on('error', (error: Error & { code?: string }) =>
      this.#die(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AuditTooHeavyError(heapMb) : new Error(`the audit worker failed: ${error.message}`),
      ),
    );
    this.worker.on('exit', (code) => this.#die(new Error(`the audit worker stopped (exit code ${code})`), this.#endedForBudget));
  }

  /** Pieces of work sent and not yet answered. */
  get running(): number {
    return this.#works.size;
  }

  run(url: string, deadlineMs: number, signal: AbortSignal, options: AuditRunOptions = {}): Promise<Audit> {
    const agents = options.agents ? { agents: options.agents } : {};
    const render = options.render ? { render: true } : {};
    return this.#send((id) => ({ type: 'run', id, url, deadlineMs, ...agents, ...render }), signal).then((reply) => {
      if (reply.type !== 'done') throw new Error(`the audit worker answered ${reply.type} to an audit`);
      return reply.audit;
    });
  }

  page(
    request: CrawlPageRequest,
    siteFiles: { key: string; files: GatheredSiteFiles },
    signal: AbortSignal,
    onGathered?: PageGathered,
  ): Promise<CrawlPageResult> {
    const message = (id: number): WorkRequest => ({ type: 'page', id, request, siteFiles: this.#siteFiles(siteFiles) });
    return this.#send(message, signal, { onGathered }).then((reply) => {
      if (reply.type !== 'page-done') throw new Error(`the audit worker answered ${reply.type} to a crawl page`);
      return reply.result;
    });
  }

  sitemap(
    request: SitemapFileRequest,
    siteFiles: { key: string; files: GatheredSiteFiles },
    signal: AbortSignal,
    budgetMs: number,
  ): Promise<SitemapFileResult> {
    const message = (id: number): WorkRequest => ({ type: 'sitemap', id, request, siteFiles: this.#siteFiles(siteFiles) });
    const budget = { what: `Reading the sitemap ${request.url.slice(0, 200)}`, ms: budgetMs };
    return this.#send(message, signal, { budget }).then((reply) => {
      if (reply.type !== 'sitemap-done') throw new Error(`the audit worker answered ${reply.type} to a sitemap`);
      return reply.result;
    });
  }

  robots(startUrl: string, siteFiles: { key: string; files: GatheredSiteFiles }, signal: AbortSignal): Promise<StartRobots> {
    const message = (id: number): WorkRequest => ({ type: 'robots', id, startUrl, siteFiles: this.#siteFiles(siteFiles) });
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
    message: (id: number) => WorkRequest,
    signal: AbortSignal,
    { budget, onGathered }: { budget?: { what: string; ms: number }; onGathered?: PageGathered | undefined } = {},
  ): Promise<Settled> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const reason = signal.reason as Error | string | undefined;
        this.worker.postMessage({ type: 'abort', id, reason: String((reason as Error)?.message ?? reason) } satisfies WorkerRequest);
      };
      let overBudget: NodeJS.Timeout | undefined;
      const work: Work = {
        working: budget
          ? () => {
              overBudget = setTimeout(() => {
                this.#works.delete(id);
                work.settle(new ThreadBudgetError(budget.what, budget.ms));
                this.#endedForBudget = true;
                void this.worker.terminate();
              }, budget.ms);
            }
          : null,
        gathered: onGathered ?? null,
        settle: (reply) => {
          clearTimeout(overBudget);
          signal.removeEventListener('abort', onAbort);
          if (reply instanceof Error) reject(reply);
          else if (reply.type === 'failed') reject(fromWorkerError(reply.error));
          else resolve(reply);
        },
      };
      this.#works.set(id, work);
      signal.addEventListener('abort', onAbort, { once: true });
      this.worker.postMessage(message(id));
    });
  }

  /**
   * The thread is gone: a piece that had it alone fails with the cause; pieces that shared it, or that were left when
   * another's budget ended it, with SharedThreadLostError.
   */
  #die(cause: Error, othersToBlame = false): void {
    this.dead = true;
    this.#renders.abortAll();
    const works = [...this.#works.values()];
    this.#works.clear();
    const shared = othersToBlame || works.length > 1;
    for (const work of works) work.settle(shared ? new SharedThreadLostError(cause) : cause);
  }
}
