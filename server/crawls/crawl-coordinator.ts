/**
 * Runs crawls in this process (the embedded default, `citable crawl`): the start (crawl-start.ts), then
 * pages from the store's queue, the start page first, at most `hostConcurrency` of a crawl at once and
 * `concurrency` across crawls, each through the host gate (Crawl-delay, 429/503 pauses). Every page's end is
 * one store write that also admits what it found, so the state a restart resumes from is always whole:
 * `resumeAll()` picks up every crawl the store says is unfinished, and each page is audited once.
 * A crawl ends complete (queue empty, or its deadline: the rest counted as skipped), cancelled, or failed.
 * Each crawl's steps are a CrawlRun (crawl-run.ts); this class keeps what crawls share: the slots, and their ends.
 */
import { Semaphore } from '../audits/semaphore.js';
import type { CrawlEnd } from '../store/contracts/crawls.js';
import { crawlNotes } from './crawl-notes.js';
import { CrawlRun, type RunSeen } from './crawl-run.js';
import type { CoordinatorDeps, Running } from './coordinator-deps.js';
import { endCrawl, type FreshSite } from './end-crawl.js';

export type { CoordinatorDeps, Running } from './coordinator-deps.js';

export class CrawlCoordinator {
  readonly #running = new Map<string, Running>();
  readonly #slots: Semaphore;
  #stopped = false;

  constructor(private readonly deps: CoordinatorDeps) {
    this.#slots = new Semaphore(deps.settings.concurrency, Number.MAX_SAFE_INTEGER);
  }

  /** Crawls this process is running now. */
  get active(): number {
    return this.#running.size;
  }

  /** Runs a stored crawl (queued or running) to its end unless it already runs here; resolves when it ends or stops. */
  run(id: string): Promise<void> {
    const existing = this.#running.get(id);
    if (existing) return existing.done;
    if (this.#stopped) return Promise.resolve();
    const running: Running = { controller: new AbortController(), stop: null, done: Promise.resolve() };
    running.done = this.#crawl(id, running)
      .catch((error: unknown) => this.#failed(id, error))
      .finally(() => this.#running.delete(id));
    this.#running.set(id, running);
    return running.done;
  }

  /** Cancels a crawl: stops its pages and records it `cancelled` with what was audited. False when it had already ended. */
  async cancel(id: string): Promise<boolean> {
    const running = this.#running.get(id);
    if (running) {
      running.stop ??= 'cancel';
      running.controller.abort(new Error('the crawl was cancelled'));
      await running.done;
      return (await this.deps.store.crawlById(id))?.status === 'cancelled';
    }
    return this.#finish(id, 'cancelled', null, []);
  }

  /** Resumes every unfinished crawl in the store (a restart); does not wait for them. */
  async resumeAll(): Promise<string[]> {
    const crawls = await this.deps.store.unfinishedCrawls();
    for (const crawl of crawls) void this.run(crawl.id);
    return crawls.map((c) => c.id);
  }

  /** Stops every crawl without ending it (shutdown): the store keeps their state, and the next start resumes them. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const running of this.#running.values()) {
      running.stop ??= 'shutdown';
      running.controller.abort(new Error('the server is shutting down'));
    }
    await Promise.all([...this.#running.values()].map((r) => r.done));
  }

  async #crawl(id: string, running: Running): Promise<void> {
    const run = new CrawlRun(id, running, this.deps, {
      slots: this.#slots,
      now: () => this.#now(),
      finish: (status, error, notes, fresh) => this.#finish(id, status, error, notes, fresh),
    });
    if ((await run.execute()) === 'drained') await this.#end(id, running, run.seen);
  }

  /** The end after the loop: complete, cancelled, or (shutdown) left running for the next start to resume. */
  async #end(id: string, running: Running, seen: RunSeen): Promise<void> {
    if (running.stop === 'shutdown') return;
    const record = await this.deps.store.crawlById(id);
    if (!record) return;
    const notes = crawlNotes({ record, robots: seen.robots, stop: running.stop, deadlineMs: this.deps.settings.deadlineMs });
    await this.#finish(
      id,
      running.stop === 'cancel' ? 'cancelled' : 'complete',
      null,
      notes,
      seen.robots ? { robots: seen.robots } : undefined,
    );
  }

  /** Ends the crawl in the store (end-crawl.ts). */
  async #finish(id: string, status: CrawlEnd['status'], error: string | null, notes: string[], fresh?: FreshSite): Promise<boolean> {
    const ended = await endCrawl(this.deps.store, id, { status, error, notes, now: this.#now() }, fresh);
    if (ended) this.deps.logger.info('crawl ended', { crawl_id: id, status, ...(error ? { error } : {}) });
    return ended;
  }

  async #failed(id: string, error: unknown): Promise<void> {
    this.deps.logger.error('crawl failed', {
      crawl_id: id,
      error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
    });
    await this.#finish(id, 'failed', 'The crawl stopped because of an internal error (logged by the server)', []).catch(() => undefined);
  }

  #now(): Date {
    return this.deps.now?.() ?? new Date();
  }
}
