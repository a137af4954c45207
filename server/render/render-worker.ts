/**
 * The render thread (built to dist/render-worker.mjs): the renderer host (page-renderer.ts) driving Chromium
 * through playwright-core, with its guarded proxies. The browser's protocol traffic (a rendered DOM comes back
 * as one JSON message) and the proxies' sockets are handled here, not on the thread that answers the API.
 * Protocol: render-protocol.ts.
 */
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { AuditRenderError } from '../../shared/audit/errors.js';
import { createAddressGuard } from '../net/address-guard.js';
import { createPageRenderer } from './page-renderer.js';
import type { RenderReply, RenderRequest, RenderWorkerData } from './render-protocol.js';

if (!parentPort) throw new Error('render-worker runs as a worker thread (see server/render/render-thread.ts)');
const port = parentPort;
const data = workerData as RenderWorkerData;
// On Linux, priority 0 means this thread only: rendering yields the CPU to the thread that answers the API.
if (process.platform === 'linux' && data.lowerPriority) os.setPriority(0, 10);
const renderer = createPageRenderer({
  chromiumPath: data.chromiumPath,
  concurrency: data.concurrency,
  timeoutMs: data.timeoutMs,
  guard: createAddressGuard({ allowPrivate: data.allowPrivate }),
  lowerPriority: data.lowerPriority,
  onRender: (outcome, seconds) => port.postMessage({ type: 'outcome', outcome, seconds } satisfies RenderReply),
});
const running = new Map<number, AbortController>();
/** Set by the CLI's bootstrap (server/cli/render-thread.ts): saves its code cache once a render has run. */
const workDone = (globalThis as { citableWorkDone?: () => void }).citableWorkDone;

port.on('message', (message: RenderRequest) => {
  if (message.type === 'close') {
    void renderer.close().finally(() => port.postMessage({ type: 'closed' } satisfies RenderReply));
    return;
  }
  if (message.type === 'abort') {
    running.get(message.id)?.abort(new Error('the render was cancelled'));
    return;
  }
  if (message.type === 'warm') return renderer.warm();
  const controller = new AbortController();
  running.set(message.id, controller);
  renderer
    .render(message.url, { signal: controller.signal })
    .then(
      (page) => port.postMessage({ type: 'done', id: message.id, page } satisfies RenderReply),
      (error: unknown) => {
        const e = error instanceof AuditRenderError ? error : new AuditRenderError('crashed', String((error as Error)?.message ?? error));
        port.postMessage({ type: 'failed', id: message.id, error: { code: e.code, message: e.message } } satisfies RenderReply);
      },
    )
    .finally(() => {
      running.delete(message.id);
      workDone?.();
    });
});
