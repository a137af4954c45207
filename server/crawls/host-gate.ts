/**
 * Politeness per host, for every crawl of this process at once (docs/api-decisions.md#crawls): at most `limit`
 * requests to one host at a time (CRAWL_HOST_CONCURRENCY), request starts spaced by its Crawl-delay, and a
 * pause when the host answers 429 or 503 (for its Retry-After). Two crawls of the same site share one gate.
 * A page audit takes a weight: 1 for a page fetched once, the whole limit for a sample page (fetched as a browser,
 * as each AI agent and as Markdown); the page audit keeps within it (shared/crawl/limited-fetcher.ts).
 */
export interface HostPass {
  release(): void;
}

interface Waiter {
  weight: number;
  delayMs: number;
  grant: (pass: HostPass) => void;
  fail: (error: unknown) => void;
}

interface HostState {
  active: number;
  waiting: Waiter[];
  /** No request may start before this (Crawl-delay since the last start, or a 429/503 pause). */
  notBefore: number;
  timer: NodeJS.Timeout | null;
}

export class HostGate {
  readonly #hosts = new Map<string, HostState>();

  constructor(
    readonly limit: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Waits for a turn at `host`; `delayMs` is the host's Crawl-delay. Rejects with the signal's reason when it aborts. */
  acquire(host: string, options: { weight?: number; delayMs?: number; signal?: AbortSignal } = {}): Promise<HostPass> {
    const state = this.#state(host);
    const signal = options.signal;
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<HostPass>((resolve, reject) => {
      const waiter: Waiter = {
        weight: Math.max(1, Math.min(this.limit, options.weight ?? 1)),
        delayMs: options.delayMs ?? 0,
        grant: (pass) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(pass);
        },
        fail: reject,
      };
      const onAbort = () => {
        const i = state.waiting.indexOf(waiter);
        if (i >= 0) state.waiting.splice(i, 1);
        reject(signal!.reason);
        this.#pump(host, state);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      state.waiting.push(waiter);
      this.#pump(host, state);
    });
  }

  /** The host asked us to wait (429 / 503 with Retry-After): nothing starts there before `ms` from now. */
  pause(host: string, ms: number): void {
    const state = this.#state(host);
    state.notBefore = Math.max(state.notBefore, this.clock() + ms);
  }

  /** Requests in flight at `host` (tests). */
  active(host: string): number {
    return this.#hosts.get(host)?.active ?? 0;
  }

  #state(host: string): HostState {
    let state = this.#hosts.get(host);
    if (!state) this.#hosts.set(host, (state = { active: 0, waiting: [], notBefore: 0, timer: null }));
    return state;
  }

  #pump(host: string, state: HostState): void {
    while (state.waiting.length) {
      const next = state.waiting[0]!;
      if (state.active + next.weight > this.limit) return;
      const wait = state.notBefore - this.clock();
      if (wait > 0) {
        if (!state.timer) {
          state.timer = setTimeout(() => {
            state.timer = null;
            this.#pump(host, state);
          }, wait);
        }
        return;
      }
      state.waiting.shift();
      state.active += next.weight;
      if (next.delayMs > 0) state.notBefore = this.clock() + next.delayMs;
      let released = false;
      next.grant({
        release: () => {
          if (released) return;
          released = true;
          state.active -= next.weight;
          this.#pump(host, state);
          if (state.active === 0 && state.waiting.length === 0 && !state.timer && state.notBefore <= this.clock()) this.#hosts.delete(host);
        },
      });
    }
  }
}
