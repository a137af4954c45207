/**
 * A render started beside gathering (the page is loaded in the browser while the raw HTML and the site files
 * are fetched), stopped when the audit ends without needing it, and started again when the page moved to
 * another URL before gathering settled (a bare host answered over http only).
 */
import type { Renderer } from '../types/renderer.js';
import type { RenderedPage } from '../types/snapshot.js';

export class PendingRender {
  #controller = new AbortController();
  #result: Promise<RenderedPage>;
  readonly #onOuterAbort = () => this.#controller.abort(this.outer?.reason);

  constructor(
    private readonly renderer: Renderer,
    url: string,
    private readonly outer?: AbortSignal,
  ) {
    outer?.addEventListener('abort', this.#onOuterAbort, { once: true });
    this.#result = this.#start(url);
  }

  /** Renders `url` instead (the first render is stopped). */
  restart(url: string): void {
    this.#controller.abort(new Error('the page is rendered at another URL'));
    this.#controller = new AbortController();
    this.#result = this.#start(url);
  }

  result(): Promise<RenderedPage> {
    return this.#result;
  }

  /** Stops the render if it still runs; its outcome is no longer read. */
  stop(): void {
    this.outer?.removeEventListener('abort', this.#onOuterAbort);
    this.#controller.abort(new Error('the audit no longer needs the render'));
  }

  #start(url: string): Promise<RenderedPage> {
    if (this.outer?.aborted) this.#controller.abort(this.outer.reason);
    const started = this.renderer.render(url, { signal: this.#controller.signal });
    started.catch(() => undefined); // read by result(), or dropped when the audit ends first
    return started;
  }
}
