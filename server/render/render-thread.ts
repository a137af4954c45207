/**
 * The renderer host of the built server and of `citable worker`: the same host (page-renderer.ts), run in a
 * worker thread started on the first render, so talking to Chromium and carrying each page's traffic never
 * takes the API thread's time. A thread that dies fails the renders it held (`crashed`) and is started again
 * by the next one. Whether Chromium is there is answered on this thread (a file check), so a request with
 * `render` on a host without it is refused before anything starts.
 */
import { Worker } from 'node:worker_threads';
import { AuditRenderError, RENDER_UNAVAILABLE_MESSAGE } from '../../shared/audit/errors.js';
import type { RenderOptions } from '../../shared/types/renderer.js';
import type { RenderedPage } from '../../shared/types/snapshot.js';
import type { PageRendererHost, RenderOutcome } from './page-renderer.js';
import type { RenderReply, RenderRequest, RenderWorkerData } from './render-protocol.js';
import { chromiumPresent } from './render-browser.js';

export interface RenderThreadOptions extends RenderWorkerData {
  /** dist/render-worker.mjs beside the built server (tests: a loader of the TypeScript source). */
  workerUrl: URL;
  execArgv?: string[];
  onRender?: (outcome: RenderOutcome, seconds: number) => void;
}

interface Pending {
  resolve(page: RenderedPage): void;
  reject(error: Error): void;
}

export function createThreadedPageRenderer(options: RenderThreadOptions): PageRendererHost {
  const { workerUrl, execArgv, onRender, ...data } = options;
  const thread = new RenderThread(workerUrl, data, execArgv, onRender);
  let closed = false;
  return {
    get pending() {
      return thread.pending;
    },
    browser: null,
    unavailable: () => (closed ? 'The server is shutting down' : chromiumPresent(data.chromiumPath) ? null : RENDER_UNAVAILABLE_MESSAGE),
    render(url: string, renderOptions: RenderOptions = {}) {
      if (closed) return Promise.reject(new AuditRenderError('unavailable', 'The server is shutting down'));
      if (!chromiumPresent(data.chromiumPath)) return Promise.reject(new AuditRenderError('unavailable', RENDER_UNAVAILABLE_MESSAGE));
      if (renderOptions.signal?.aborted) return Promise.reject(new AuditRenderError('aborted', 'the render was cancelled'));
      return thread.render(url, renderOptions.signal);
    },
    warm() {
      if (!closed && chromiumPresent(data.chromiumPath)) thread.warm();
    },
    async close() {
      closed = true;
      await thread.close();
    },
  };
}

/** The worker thread, started on demand and again after it died, and the renders it holds. */
class RenderThread {
  readonly #pending = new Map<number, Pending>();
  #worker: Worker | null = null;
  #nextId = 1;

  constructor(
    private readonly workerUrl: URL,
    private readonly data: RenderWorkerData,
    private readonly execArgv: string[] | undefined,
    private readonly onRender: RenderThreadOptions['onRender'],
  ) {}

  get pending(): number {
    return this.#pending.size;
  }

  render(url: string, signal?: AbortSignal): Promise<RenderedPage> {
    const id = this.#nextId++;
    const w = this.#thread();
    w.ref(); // a render in progress keeps the process alive until it is answered
    return new Promise<RenderedPage>((resolve, reject) => {
      const onAbort = () => w.postMessage({ type: 'abort', id } satisfies RenderRequest);
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      this.#pending.set(id, { resolve: (page) => (done(), resolve(page)), reject: (error) => (done(), reject(error)) });
      w.postMessage({ type: 'render', id, url } satisfies RenderRequest);
    });
  }

  /** Starts the thread and its browser (the idle thread still never keeps the process alive). */
  warm(): void {
    this.#thread().postMessage({ type: 'warm' } satisfies RenderRequest);
  }

  async close(): Promise<void> {
    const w = this.#worker;
    if (!w) return;
    await askToClose(w);
    await w.terminate();
  }

  #settle(id: number, outcome: { page: RenderedPage } | { error: Error }): void {
    const p = this.#pending.get(id);
    if (!p) return;
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker?.unref();
    if ('page' in outcome) p.resolve(outcome.page);
    else p.reject(outcome.error);
  }

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const started = new Worker(this.workerUrl, { workerData: this.data, ...(this.execArgv ? { execArgv: this.execArgv } : {}) });
    started.unref(); // an idle renderer never keeps the process alive
    started.on('message', (reply: RenderReply) => {
      if (reply.type === 'outcome') this.onRender?.(reply.outcome, reply.seconds);
      else if (reply.type === 'done') this.#settle(reply.id, { page: reply.page });
      else if (reply.type === 'failed') this.#settle(reply.id, { error: new AuditRenderError(reply.error.code, reply.error.message) });
    });
    const lost = (why: string) => {
      if (this.#worker === started) this.#worker = null;
      const error = new AuditRenderError('crashed', `The renderer stopped (${why}): retry`);
      for (const id of [...this.#pending.keys()]) this.#settle(id, { error });
    };
    started.on('error', (error) => lost(error.message));
    started.on('exit', (code) => lost(`exit ${code}`));
    this.#worker = started;
    return started;
  }
}

/** Asks the thread to close its browser and waits until it says it has, or 5 s. */
function askToClose(w: Worker): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5_000);
    w.on('message', (reply: RenderReply) => {
      if (reply.type === 'closed') {
        clearTimeout(timer);
        resolve();
      }
    });
    w.postMessage({ type: 'close' } satisfies RenderRequest);
  });
}
