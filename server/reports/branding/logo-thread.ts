/**
 * SVG logos are sanitised in a worker thread (logo-worker.ts), never on the thread that answers the API: a
 * tenant's logo is input it can make expensive (jsdom and DOMPurify took over a minute on 20,000 nested groups,
 * with every other request waiting). The thread has a budget: each logo gets `timeBudgetMs` of it, and the
 * thread `heapMb` of heap; beyond either the thread is ended (the next logo starts a fresh one) and the upload is
 * refused with LogoBudgetError. One thread, started on the first logo and kept; logos wait in line behind it up
 * to `queueLimit`, beyond that LogoBusyError. The worker script is found beside the built server
 * (dist/logo-worker.mjs), or run from its TypeScript source through logo-worker-source.mjs.
 */
import { Worker } from 'node:worker_threads';
import { locateThreadScript } from '../../util/thread-script.js';
import type { LogoReply, LogoRequest } from './logo-protocol.js';

/** A logo's time on the thread: an ordinary one takes tens of milliseconds; thousands of paths take seconds on a busy machine. */
export const LOGO_TIME_BUDGET_MS = 10_000;
/** The thread's heap, as an audit thread's: jsdom held 128 MB for a 190 KB logo of 5,700 paths. */
export const LOGO_HEAP_MB = 256;
export const LOGO_QUEUE_LIMIT = 16;
/** Loading jsdom in a new thread; beyond this the sanitiser counts as unavailable. */
const START_TIMEOUT_MS = 30_000;

/** The logo used more than its time or the thread's memory: too complex to accept (the API's 422). */
export class LogoBudgetError extends Error {
  constructor(readonly budget: 'time' | 'memory') {
    super(budget === 'time' ? 'took too long to sanitise' : 'needed too much memory to sanitise');
    this.name = 'LogoBudgetError';
  }
}

/** The line of logos waiting for the thread is full, or the thread cannot start: retry later (the API's 503). */
export class LogoBusyError extends Error {
  constructor(message = 'Too many logos are being checked right now: retry in a few seconds') {
    super(message);
    this.name = 'LogoBusyError';
  }
}

/** The sanitised SVG, or why nothing usable was left (the uploader's fault). */
export type LogoResult = { ok: true; svg: string } | { ok: false; message: string };

export interface LogoSanitizer {
  sanitize(svg: string): Promise<LogoResult>;
  /** Logos in line or on the thread. */
  readonly pending: number;
  close(): Promise<void>;
}

export interface LogoThreadOptions {
  worker?: URL;
  timeBudgetMs?: number;
  heapMb?: number;
  queueLimit?: number;
}

interface Job {
  request: LogoRequest;
  resolve(result: LogoResult): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
}

export function createLogoSanitizer(options: LogoThreadOptions = {}): LogoSanitizer {
  return new LogoThreads(options);
}

/** One thread, one logo on it at a time, the rest in line (a short array: at most `queueLimit`). */
class LogoThreads implements LogoSanitizer {
  readonly #line: Job[] = [];
  #thread: Thread | null = null;
  #current: Job | null = null;
  #budget: NodeJS.Timeout | undefined;
  #nextId = 1;
  #closed = false;

  constructor(private readonly options: LogoThreadOptions) {}

  get pending(): number {
    return this.#line.length + (this.#current ? 1 : 0);
  }

  sanitize(svg: string): Promise<LogoResult> {
    if (this.#closed) return Promise.reject(new LogoBusyError('The server is shutting down'));
    if (this.#line.length >= (this.options.queueLimit ?? LOGO_QUEUE_LIMIT)) return Promise.reject(new LogoBusyError());
    return new Promise<LogoResult>((resolve, reject) => {
      this.#line.push({ request: { id: this.#nextId++, svg }, resolve, reject });
      this.#pump();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const stopped = this.#thread;
    this.#drop(new LogoBusyError('The server is shutting down'), true);
    await stopped?.worker.terminate();
  }

  /** Sends the next logo in line to the thread (started first if there is none). */
  #pump(): void {
    if (this.#closed || this.#current || this.#line.length === 0) return;
    try {
      this.#thread ??= this.#start();
    } catch (error) {
      for (const job of this.#line.splice(0)) job.reject(error as Error); // no worker script (a build without it)
      return;
    }
    if (!this.#thread.ready) return; // its `ready` pumps again
    const job = (this.#current = this.#line.shift()!);
    this.#thread.worker.ref(); // a logo in progress keeps the process alive until it is answered
    this.#budget = setTimeout(() => this.#drop(new LogoBudgetError('time')), this.options.timeBudgetMs ?? LOGO_TIME_BUDGET_MS);
    this.#thread.worker.postMessage(job.request);
  }

  /** Ends the thread (a logo over budget, a crash): its logo fails with `error` (every logo in line too when `everyone`). */
  #drop(error: Error, everyone = false): void {
    clearTimeout(this.#budget);
    void this.#thread?.worker.terminate();
    this.#thread = null;
    this.#current?.reject(error);
    this.#current = null;
    if (everyone) for (const job of this.#line.splice(0)) job.reject(error);
    this.#pump();
  }

  #start(): Thread {
    const heapMb = this.options.heapMb ?? LOGO_HEAP_MB;
    const worker = new Worker(this.options.worker ?? locateWorker(), {
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 },
    });
    const started: Thread = { worker, ready: false };
    const notStarted = () => this.#thread === started && this.#drop(new LogoBusyError('The logo sanitiser did not start: retry'), true);
    const startTimer = setTimeout(notStarted, START_TIMEOUT_MS);
    worker.on('message', (reply: LogoReply) => {
      if (this.#thread !== started) return;
      if (reply.type === 'ready') clearTimeout(startTimer);
      this.#answer(started, reply);
    });
    const lost = (error: Error & { code?: string }) => {
      clearTimeout(startTimer);
      if (this.#thread !== started) return;
      // A thread that never got ready fails every logo in line (it would fail again); one that ran out of memory, its logo.
      if (!started.ready) return this.#drop(new Error(`the logo sanitiser could not start: ${error.message}`), true);
      const oom = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.#drop(oom ? new LogoBudgetError('memory') : new Error(`the logo sanitiser stopped: ${error.message}`));
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`exit code ${code}`)));
    worker.unref(); // an idle thread never keeps the process alive
    return started;
  }

  #answer(thread: Thread, reply: LogoReply): void {
    if (reply.type === 'ready') {
      thread.ready = true;
      return this.#pump();
    }
    const job = this.#current;
    if (!job || reply.id !== job.request.id) return;
    clearTimeout(this.#budget);
    this.#current = null;
    thread.worker.unref();
    if (reply.type === 'failed') job.reject(new Error(`the logo sanitiser failed: ${reply.message}`));
    else job.resolve(reply.type === 'done' ? { ok: true, svg: reply.svg } : { ok: false, message: reply.message });
    this.#pump();
  }
}

let shared: LogoSanitizer | null = null;

/** The process's logo thread, started on the first logo. */
export function logoSanitizer(): LogoSanitizer {
  return (shared ??= createLogoSanitizer());
}

/** The worker script: dist/logo-worker.mjs beside the built server, or its TypeScript source through its loader. */
export function locateWorker(): URL {
  return locateThreadScript('logo-worker', import.meta.url);
}
