/**
 * The renderer host (docs/architecture.md#the-renderer-host): one headless Chromium per process, started on
 * the first render and again after it dies, at most `concurrency` pages at once, each in a fresh context
 * behind a guarded proxy of its own (guarded-proxy.ts), each bounded by `timeoutMs`. A fault of one page
 * (a crash, an endless script, a page that never settles) fails that render with AuditRenderError and
 * leaves the others and the process alone; a browser that stops answering is closed and started again.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AuditRenderError, RENDER_UNAVAILABLE_MESSAGE, type RenderErrorCode } from '../../shared/audit/errors.js';
import type { Renderer, RenderOptions } from '../../shared/types/renderer.js';
import type { RenderedPage } from '../../shared/types/snapshot.js';
import { Semaphore } from '../audits/semaphore.js';
import type { AddressGuard } from '../net/address-guard.js';
import { startGuardedProxy, type GuardedProxy } from './guarded-proxy.js';
import { chromiumPresent, launchRenderBrowser, type RenderBrowser } from './render-browser.js';
import { loadAndCapture, openRenderContext, RenderFault, type PageCapture } from './render-page.js';

/** How a render ended, for a renders counter (the onRender hook below: metrics are wired there). */
export type RenderOutcome = 'ok' | 'failed' | 'timeout';

export interface PageRendererOptions {
  chromiumPath: string;
  concurrency: number;
  timeoutMs: number;
  /** The fetcher's address guard: every request of every page goes through it. */
  guard: AddressGuard;
  /** Requests and tunnels one page may open (default 600). */
  maxRequests?: number;
  lowerPriority?: boolean;
  /** Told of every render that ran: its outcome and seconds (the metrics hook). */
  onRender?: (outcome: RenderOutcome, seconds: number) => void;
}

export interface PageRendererHost extends Renderer {
  /** Renders running or waiting for a slot. */
  readonly pending: number;
  /** Null when a render can be tried; else why not (the 503's message). */
  unavailable(): string | null;
  /** The running browser's process tree marker and engine, or null before the first render (tests). */
  readonly browser: RenderBrowser | null;
  /**
   * Starts the browser now, in the background, so the first render does not wait for it (a crawl that will render
   * calls it as it starts). A browser that fails to start is left for the first render to report.
   */
  warm(): void;
  close(): Promise<void>;
}

export const MAX_REQUESTS_PER_RENDER = 600;
/** Closing a context takes longer than this only when the browser is wedged: it is then started again. */
const CLOSE_TIMEOUT_MS = 5_000;

export function createPageRenderer(options: PageRendererOptions): PageRendererHost {
  // Two stages, each `concurrency` wide: a context is opened (a renderer process started) while other pages load, so
  // a slot is held only for loading and reading a page, and the contexts open at once stay bounded (2 × concurrency).
  const opening = new Semaphore(options.concurrency, Number.MAX_SAFE_INTEGER);
  const loading = new Semaphore(options.concurrency, Number.MAX_SAFE_INTEGER);
  const session = new BrowserSession(options);
  let closed = false;
  let inFlight = 0;

  const render = async (url: string, renderOptions: RenderOptions = {}): Promise<RenderedPage> => {
    if (closed) throw new AuditRenderError('unavailable', 'The server is shutting down');
    if (!chromiumPresent(options.chromiumPath)) throw new AuditRenderError('unavailable', RENDER_UNAVAILABLE_MESSAGE);
    inFlight++;
    const started = Date.now();
    try {
      const page = await renderOnce(session, url, options, { opening, loading }, renderOptions.signal);
      options.onRender?.('ok', (Date.now() - started) / 1000);
      return page;
    } catch (error) {
      const code = error instanceof AuditRenderError ? error.code : 'failed';
      if (code !== 'aborted' && code !== 'unavailable' && code !== 'busy')
        options.onRender?.(code === 'timeout' ? 'timeout' : 'failed', (Date.now() - started) / 1000);
      throw error;
    } finally {
      inFlight--;
    }
  };

  return {
    render,
    get pending() {
      return inFlight;
    },
    get browser() {
      return session.current;
    },
    unavailable: () => (closed ? 'The server is shutting down' : chromiumPresent(options.chromiumPath) ? null : RENDER_UNAVAILABLE_MESSAGE),
    warm() {
      if (!closed && chromiumPresent(options.chromiumPath)) void session.get().catch(() => undefined);
    },
    async close() {
      closed = true;
      await session.close();
    },
  };
}

/** One browser, started on demand and again once it has disconnected or was found wedged. */
class BrowserSession {
  #starting: Promise<RenderBrowser> | null = null;
  current: RenderBrowser | null = null;

  constructor(private readonly options: PageRendererOptions) {}

  get(): Promise<RenderBrowser> {
    if (!this.#starting) {
      const starting = launchRenderBrowser({ chromiumPath: this.options.chromiumPath, lowerPriority: this.options.lowerPriority ?? false });
      this.#starting = starting;
      starting.then(
        (launched) => {
          this.current = launched;
          launched.browser.on('disconnected', () => this.#forget(starting));
        },
        () => this.#forget(starting),
      );
    }
    return this.#starting;
  }

  /** The browser stopped answering: close it; the next render starts another. */
  discard(browser: Browser): void {
    if (this.current?.browser === browser) this.#forget(this.#starting!);
    void browser.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    const running = this.#starting;
    this.#starting = null;
    this.current = null;
    await running?.then((s) => s.browser.close()).catch(() => undefined);
  }

  #forget(starting: Promise<RenderBrowser>): void {
    if (this.#starting !== starting) return;
    this.#starting = null;
    this.current = null;
  }
}

/** A slot, or AuditRenderError: `busy` when none frees up within the render timeout, `aborted` when the caller gives up. */
async function acquireSlot(slots: Semaphore, timeoutMs: number, signal?: AbortSignal): Promise<() => void> {
  const acquiring = slots.acquire(true);
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const refused = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AuditRenderError('busy', 'Too many pages are being rendered: retry in a few seconds')), timeoutMs);
    onAbort = () => reject(new AuditRenderError('aborted', 'the render was cancelled'));
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return (await Promise.race([acquiring, refused]))!;
  } catch (error) {
    void acquiring.then((release) => release?.()); // the slot, once it comes, goes straight back
    throw error;
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

interface Stages {
  opening: Semaphore;
  loading: Semaphore;
}

/**
 * One page on the session's browser, raced against its faults: a context opened (behind its own proxy) in an
 * opening slot, then loaded and read in a loading slot; the context and the proxy are closed whatever happens.
 */
async function renderOnce(session: BrowserSession, url: string, options: PageRendererOptions, stages: Stages, signal?: AbortSignal) {
  const releaseOpening = await acquireSlot(stages.opening, options.timeoutMs, signal);
  let releaseLoading: (() => void) | null = null;
  let open: OpenRender | null = null;
  try {
    open = await openRender(session, options, signal);
    releaseLoading = await acquireSlot(stages.loading, options.timeoutMs, signal);
    releaseOpening();
    const deadline = Date.now() + options.timeoutMs;
    open.faults.rearm(deadline);
    const step = { browser: open.browser, url, proxyUrl: open.proxy.url, deadline, timeoutMs: options.timeoutMs };
    const captured: PageCapture = await open.faults.race(loadAndCapture(open.page, step));
    return { html: captured.html, url: captured.url, capturedAt: new Date().toISOString(), engine: open.engine, ms: captured.ms };
  } catch (error) {
    throw asRenderError(error, url);
  } finally {
    releaseOpening();
    if (open) await closeRender(session, open);
    releaseLoading?.();
  }
}

interface OpenRender {
  browser: Browser;
  engine: string;
  proxy: GuardedProxy;
  context: BrowserContext | null;
  page: Page;
  faults: Faults;
}

/** The browser (started if need be), a proxy of the render's own and a fresh context with its page, ready to load. */
async function openRender(session: BrowserSession, options: PageRendererOptions, signal?: AbortSignal): Promise<OpenRender> {
  const { browser, engine } = await session.get();
  const proxy = await startGuardedProxy({ guard: options.guard, maxRequests: options.maxRequests ?? MAX_REQUESTS_PER_RENDER });
  const faults = new Faults(browser, Date.now() + options.timeoutMs, signal);
  const opening = openRenderContext(browser, proxy.url);
  try {
    const opened = await faults.race(opening);
    faults.watch(opened.page);
    faults.pause(); // waiting for a loading slot is bounded by the slot's own timeout
    return { browser, engine, proxy, faults, ...opened };
  } catch (error) {
    faults.dispose();
    // A context that opens after a fault won the race is closed as soon as it exists.
    const late = opening.then(
      (o) => o.context,
      () => null,
    );
    await closeContext(session, browser, late, proxy);
    throw error;
  }
}

async function closeRender(session: BrowserSession, open: OpenRender): Promise<void> {
  open.faults.dispose();
  await closeContext(session, open.browser, Promise.resolve(open.context), open.proxy);
}

async function closeContext(
  session: BrowserSession,
  browser: Browser,
  context: Promise<BrowserContext | null>,
  proxy: GuardedProxy,
): Promise<void> {
  const closing = Promise.all([context.then((c) => c?.close()).catch(() => undefined), proxy.close()]);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), CLOSE_TIMEOUT_MS)));
  if ((await Promise.race([closing, late])) === 'late') session.discard(browser);
  clearTimeout(timer);
}

/** What ends a render early: its renderer crashing, the browser going away, the caller giving up, the deadline (with a grace). */
class Faults {
  readonly #failed: Promise<never>;
  #fail!: (fault: RenderFault) => void;
  #timer: NodeJS.Timeout;
  readonly #onDisconnect = () => this.#fail(new RenderFault('crashed', 'Chromium stopped during the render'));
  readonly #onAbort = () => this.#fail(new RenderFault('aborted', 'the render was cancelled'));

  constructor(
    private readonly browser: Browser,
    deadline: number,
    private readonly signal?: AbortSignal,
  ) {
    this.#failed = new Promise<never>((_, reject) => (this.#fail = reject));
    this.#failed.catch(() => undefined);
    this.#timer = this.#arm(deadline);
    browser.on('disconnected', this.#onDisconnect);
    if (signal?.aborted) this.#onAbort();
    else signal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  pause(): void {
    clearTimeout(this.#timer);
  }

  /** The page starts loading: its own deadline from now. */
  rearm(deadline: number): void {
    clearTimeout(this.#timer);
    this.#timer = this.#arm(deadline);
  }

  // loadAndCapture keeps to the deadline itself; this catches a browser that stops answering altogether.
  #arm(deadline: number): NodeJS.Timeout {
    return setTimeout(
      () => this.#fail(new RenderFault('timeout', 'the browser stopped answering')),
      Math.max(0, deadline - Date.now()) + 1_000,
    );
  }

  watch(page: { on(event: 'crash', listener: () => void): unknown }): void {
    page.on('crash', () => this.#fail(new RenderFault('crashed', 'the page crashed its renderer (out of memory?)')));
  }

  race<T>(work: Promise<T>): Promise<T> {
    work.catch(() => undefined); // settled later, or never read once a fault won
    return Promise.race([work, this.#failed]);
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.browser.off('disconnected', this.#onDisconnect);
    this.signal?.removeEventListener('abort', this.#onAbort);
  }
}

function asRenderError(error: unknown, url: string): AuditRenderError {
  if (error instanceof AuditRenderError) return error;
  if (error instanceof RenderFault) return new AuditRenderError(error.code, `Cannot render ${url}: ${error.message}`);
  const message = String((error as Error)?.message ?? error).split('\n')[0] ?? '';
  const code: RenderErrorCode = /closed|crash|disconnect/i.test(message) ? 'crashed' : 'navigation';
  return new AuditRenderError(code, `Cannot render ${url}: ${message}`);
}
