/**
 * The PDF renderer of the built server: the same renderer (pdf-renderer.ts), run in a worker thread started on
 * the first PDF, so talking to Chromium never takes the API thread's time (measured in-process: event-loop
 * delay p99 12 ms, max 85 ms, with ten PDFs in flight). A thread that dies fails the PDFs it held (503) and is
 * started again by the next one. Errors come back as the same classes, so the routes answer them the same way.
 */
import { Worker } from 'node:worker_threads';
import { PdfBusyError, PdfTimeoutError, PdfUnavailableError } from './pdf-errors.js';
import type { PdfJob, PdfRenderer, PdfRendererOptions } from './pdf-renderer.js';
import type { PdfReply, PdfRequest, PdfWorkerData } from './pdf-protocol.js';

export interface PdfThreadOptions extends PdfRendererOptions {
  /** dist/pdf-worker.mjs beside the built server (tests: a loader of the TypeScript source). */
  workerUrl: URL;
  execArgv?: string[];
}

interface Pending {
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

export function createThreadedPdfRenderer(options: PdfThreadOptions): PdfRenderer {
  const { workerUrl, execArgv, ...rendererOptions } = options;
  const pending = new Map<number, Pending>();
  let worker: Worker | null = null;
  let nextId = 1;
  let closed = false;

  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };

  const thread = (): Worker => {
    if (worker) return worker;
    const started = new Worker(workerUrl, { workerData: rendererOptions satisfies PdfWorkerData, ...(execArgv ? { execArgv } : {}) });
    started.unref(); // an idle printer never keeps the process alive
    started.on('message', (reply: PdfReply) => {
      if (reply.type === 'closed') return;
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (pending.size === 0) started.unref();
      if (reply.type === 'done') p.resolve(Buffer.from(reply.pdf));
      else p.reject(rebuild(reply.error, options.timeoutMs));
    });
    const lost = (why: string) => {
      if (worker === started) worker = null;
      failAll(new PdfUnavailableError(`The PDF printer stopped (${why}): retry`));
    };
    started.on('error', (error) => lost(error.message));
    started.on('exit', (code) => lost(`exit ${code}`));
    worker = started;
    return started;
  };

  return {
    get pending() {
      return pending.size;
    },
    render(job: PdfJob) {
      if (closed) return Promise.reject(new PdfUnavailableError('The server is shutting down'));
      const id = nextId++;
      const w = thread();
      w.ref(); // a PDF in progress keeps the process alive until it is answered
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ type: 'render', id, job } satisfies PdfRequest);
      });
    },
    async close() {
      closed = true;
      const w = worker;
      if (!w) return;
      await askToClose(w);
      await w.terminate();
      failAll(new PdfUnavailableError('The server is shutting down'));
    },
  };
}

/** Asks the thread to close its browser and waits until it says it has, or 5 s. */
function askToClose(w: Worker): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5_000);
    w.on('message', (reply: PdfReply) => {
      if (reply.type === 'closed') {
        clearTimeout(timer);
        resolve();
      }
    });
    w.postMessage({ type: 'close' } satisfies PdfRequest);
  });
}

function rebuild(error: { name: string; message: string }, timeoutMs: number): Error {
  if (error.name === 'PdfUnavailableError') return new PdfUnavailableError(error.message);
  if (error.name === 'PdfBusyError') return new PdfBusyError();
  if (error.name === 'PdfTimeoutError') return new PdfTimeoutError(timeoutMs);
  return new Error(error.message);
}
