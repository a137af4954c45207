/**
 * The one door to the providers: sends a request with a per-request timeout, reads the body as text
 * (Perplexity's 401 is an HTML page: JSON is parsed only when it parses), lets the engine classify the
 * reply (a non-2xx, or an error inside a 200), and retries what is retryable with backoff, honouring
 * Retry-After and, as the official SDKs do, `x-should-retry: true|false` on a non-2xx answer. Redirects
 * are never followed (a 3xx is an error naming the status). Every attempt is counted and first takes
 * one request from the daily budget.
 * Base URLs come from configuration (trusted), so this uses Node's global fetch without the SSRF guard.
 */
import { EngineError } from '../engines/engine-error.js';
import { backoffDelayMs, DEFAULT_RETRY_POLICY, type RetryPolicy } from './backoff.js';
import { sleep as realSleep } from './sleep.js';
import { deadlineSignal } from '../../net/deadline-signal.js';

export interface ProviderRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
}

export interface ProviderReply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

/** Turns a reply into the error it means, or null when it is a usable answer. */
export type Classify = (reply: ProviderReply) => EngineError | null;

export interface RetryEvent {
  attempt: number;
  delayMs: number;
  error: EngineError;
}

export interface ProviderHttpOptions {
  timeoutMs: number;
  retry?: Partial<RetryPolicy>;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Runs before every attempt; throws EngineError('budget') when the daily budget is spent. */
  beforeAttempt?: () => void | Promise<void>;
  signal?: AbortSignal;
  onRetry?: (event: RetryEvent) => void;
}

export class ProviderHttp {
  /** Attempts made (each one a provider request). */
  calls = 0;
  readonly #policy: RetryPolicy;

  constructor(private readonly options: ProviderHttpOptions) {
    this.#policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  }

  get now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The classified reply of the first attempt that succeeds; the last error otherwise. */
  async send(request: ProviderRequest, classify: Classify): Promise<ProviderReply> {
    const sleep = this.options.sleep ?? realSleep;
    const random = this.options.random ?? Math.random;
    for (let attempt = 1; ; attempt++) {
      this.#throwIfCancelled();
      await this.options.beforeAttempt?.();
      this.calls++;
      let error: EngineError;
      let retryable: boolean;
      try {
        const reply = await this.#once(request);
        const problem = classify(reply);
        if (!problem) return reply;
        error = problem;
        retryable = serverSaysRetry(reply) ?? error.retryable;
      } catch (caught) {
        if (!(caught instanceof EngineError)) throw caught;
        error = caught;
        retryable = error.retryable;
      }
      if (!retryable || attempt >= this.#policy.maxAttempts) throw error;
      const hinted = error.retryAfterMs;
      if (hinted !== null && hinted > this.#policy.maxRetryAfterMs) {
        throw new EngineError(error.kind, `${error.message}; asked to wait ${Math.ceil(hinted / 1000)} s`, error.details);
      }
      const delayMs = hinted ?? backoffDelayMs(attempt, this.#policy, random);
      this.options.onRetry?.({ attempt, delayMs, error });
      try {
        await sleep(delayMs, this.options.signal);
      } catch {
        this.#throwIfCancelled();
      }
    }
  }

  async #once(request: ProviderRequest): Promise<ProviderReply> {
    const deadline = deadlineSignal(this.options.timeoutMs, this.options.signal);
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    let body: string | undefined;
    if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
    }
    try {
      const response = await (this.options.fetch ?? fetch)(request.url, {
        method: request.method,
        headers,
        body,
        signal: deadline.signal,
        redirect: 'manual',
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, text, json: parseJson(text) };
    } catch (error) {
      this.#throwIfCancelled();
      if (deadline.timedOut) throw new EngineError('timeout', `no answer within ${Math.round(this.options.timeoutMs / 1000)} s`);
      // Never the URL in the message: SerpApi carries the key in the query string.
      throw new EngineError('network', `request failed: ${networkReason(error)}`);
    } finally {
      deadline.clear();
    }
  }

  #throwIfCancelled(): void {
    if (this.options.signal?.aborted) throw new EngineError('cancelled', 'the check was cancelled');
  }
}

/** `x-should-retry` on a non-2xx answer: the provider's own word on retrying (Stainless SDKs obey it); null when absent. */
function serverSaysRetry(reply: ProviderReply): boolean | null {
  if (reply.status >= 200 && reply.status < 300) return null;
  const header = reply.headers.get('x-should-retry')?.trim().toLowerCase();
  return header === 'true' ? true : header === 'false' ? false : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
