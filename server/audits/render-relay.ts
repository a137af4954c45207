import type { Renderer } from '../../shared/types/renderer.js';
import { AuditRenderError } from '../../shared/audit/errors.js';
import type { RenderAnswer, RenderAsk } from './worker-protocol.js';

/** The renders a thread asked for, run on the process's renderer host; the answers go back to the thread. */
export class RenderRelay {
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
