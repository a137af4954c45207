/**
 * The audit threads of a runner: at most `maxThreads`, each running up to its share of `concurrency` pieces of work
 * at once (one each when there are as many threads as pieces, as the API runs audits).
 */
import type { Worker } from 'node:worker_threads';
import { AuditThread, SharedThreadLostError, type AuditThreadOptions } from './audit-thread-handle.js';

export class ThreadPool {
  readonly #all = new Set<AuditThread>();
  readonly #maxThreads: number;
  /** Pieces of work a thread runs at once: the work spread over the threads. */
  readonly #perThread: number;

  /** Threads started before the pool, of its script and limits, used before new ones are started. */
  readonly #started: Worker[];

  constructor(
    private readonly options: AuditThreadOptions,
    concurrency: number,
    maxThreads: number,
    started: Worker[] = [],
  ) {
    this.#started = [...started];
    this.#maxThreads = Math.max(1, Math.min(maxThreads, concurrency));
    this.#perThread = Math.ceil(concurrency / this.#maxThreads);
  }

  /** Threads started and alive. */
  get size(): number {
    return this.#all.size;
  }

  /** Starts threads now, up to `count` (at most maxThreads) that take shared work. */
  warm(count = this.#maxThreads): void {
    while (this.#sharing().length < Math.min(count, this.#maxThreads)) this.#start();
  }

  async close(): Promise<void> {
    await Promise.all([...this.#all].map((thread) => thread.worker.terminate()));
  }

  /**
   * Runs one piece of work on a thread. When a thread dies under several pieces, which one killed it is not known:
   * each runs again on a thread of its own, where a page that outgrows the heap fails alone and the others succeed.
   */
  async onThread<T>(work: (thread: AuditThread) => Promise<T>): Promise<T> {
    try {
      return await work(this.#take());
    } catch (error) {
      if (!(error instanceof SharedThreadLostError)) throw error;
      const alone = this.#start();
      alone.reserved = true;
      try {
        return await work(alone);
      } finally {
        alone.reserved = false;
        if (this.#sharing().length > this.#maxThreads) void alone.worker.terminate();
      }
    }
  }

  #sharing(): AuditThread[] {
    return [...this.#all].filter((thread) => !thread.dead && !thread.reserved);
  }

  #start(): AuditThread {
    const thread = new AuditThread(this.options, this.#started.shift());
    this.#all.add(thread);
    thread.worker.once('exit', () => this.#all.delete(thread));
    return thread;
  }

  /**
   * An idle thread that has loaded its code. Below maxThreads: an idle thread still loading, else a new one. At
   * maxThreads: the least busy with room, one that has loaded its code first (work sent to a thread still loading
   * waits for it; while a crawl's second thread loads, the first takes the sitemaps).
   */
  #take(): AuditThread {
    const threads = this.#sharing();
    const withRoom = threads.filter((thread) => thread.running < this.#perThread);
    const ready = withRoom.filter((thread) => thread.ready);
    const loading = withRoom.filter((thread) => !thread.ready);
    const idleReady = ready.find((thread) => thread.running === 0);
    if (idleReady) return idleReady;
    if (threads.length < this.#maxThreads) return loading.find((thread) => thread.running === 0) ?? this.#start();
    // Never more pieces than `concurrency` at once, so a thread with room is found unless some are reserved.
    return leastBusy(ready) ?? leastBusy(loading) ?? this.#start();
  }
}

function leastBusy(threads: AuditThread[]): AuditThread | undefined {
  return threads.reduce<AuditThread | undefined>((best, thread) => (!best || thread.running < best.running ? thread : best), undefined);
}
