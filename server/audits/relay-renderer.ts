/**
 * The Renderer an audit thread hands the engine: it asks the process's renderer host (on the main thread,
 * worker-runner.ts) for each page by message and waits for the DOM or the reason. One browser then serves
 * every audit thread of the process, as one fetcher's guard serves them all.
 */
import type { MessagePort } from 'node:worker_threads';
import { AuditRenderError } from '../../shared/audit/errors.js';
import type { Renderer } from '../../shared/types/renderer.js';
import type { RenderedPage } from '../../shared/types/snapshot.js';
import type { RenderAnswer, RenderAsk } from './worker-protocol.js';

export interface RelayRenderer extends Renderer {
  /** The main thread's answer to one of this renderer's asks. */
  answer(message: RenderAnswer): void;
}

export function createRelayRenderer(port: Pick<MessagePort, 'postMessage'>): RelayRenderer {
  const waiting = new Map<number, { resolve(page: RenderedPage): void; reject(error: Error): void }>();
  let nextId = 1;
  return {
    render(url, options = {}) {
      const { signal } = options;
      if (signal?.aborted) return Promise.reject(new AuditRenderError('aborted', 'the render was cancelled'));
      const id = nextId++;
      return new Promise<RenderedPage>((resolve, reject) => {
        const onAbort = () => port.postMessage({ type: 'render-abort', id } satisfies RenderAsk);
        signal?.addEventListener('abort', onAbort, { once: true });
        const done = () => {
          waiting.delete(id);
          signal?.removeEventListener('abort', onAbort);
        };
        waiting.set(id, { resolve: (page) => (done(), resolve(page)), reject: (error) => (done(), reject(error)) });
        port.postMessage({ type: 'render', id, url } satisfies RenderAsk);
      });
    },
    answer(message) {
      const w = waiting.get(message.id);
      if (!w) return;
      if (message.type === 'render-done') w.resolve(message.page);
      else w.reject(new AuditRenderError(message.error.code, message.error.message));
    },
  };
}
