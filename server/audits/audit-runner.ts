/**
 * Runs the engine for the API: the SSRF-guarded fetcher, the configured deadline, a bound on audits
 * running at once (a burst from many accounts cannot exhaust memory), and cancellation of everything
 * still running when the server must stop.
 */
import type { Audit } from '../../shared/types/audit.js';
import type { Fetcher } from '../../shared/types/fetcher.js';
import type { Renderer } from '../../shared/types/renderer.js';
import { runAudit } from '../../shared/audit/run-audit.js';
import { AuditRenderError, RENDER_UNAVAILABLE_MESSAGE } from '../../shared/audit/errors.js';
import { Semaphore } from './semaphore.js';
import { countAudit, type AuditOutcome } from '../metrics/work-metrics.js';
import type { QueueSample } from '../metrics/queue-metrics.js';
import type { AgentSelection } from '../../shared/crawlers/probe-selection.js';

/** What a caller may choose about one audit. */
export interface AuditRunOptions {
  /** The agents the page is fetched as (`POST /audits` `agents`); the sample when absent. */
  agents?: AgentSelection;
  /** Also render the page in the process's browser (`render: true`). */
  render?: boolean;
}

export interface AuditRunner {
  /**
   * Audits a URL as submitted. Throws AuditInputError / AuditFetchError / AuditRenderError (from the engine)
   * or AuditorBusyError.
   */
  run(url: string, options?: AuditRunOptions): Promise<Audit>;
  /** Audits running or waiting. */
  readonly pending: number;
  /** Cancels every running and waiting audit (shutdown). */
  abortAll(reason: string): void;
}

/** A runner that also runs other engine work under its bounds. */
export interface BoundedRunner extends AuditRunner {
  /**
   * Runs other engine work (a crawl's page) under the same bounds: it takes a slot like an audit, waits beyond
   * the line's limit (the crawl bounds its own pages), and is cancelled by `signal` or by abortAll.
   */
  runTask<T>(work: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** The waiting line for a slot, as the queue metrics read it. */
  waitingLine(): QueueSample;
}

export class AuditorBusyError extends Error {
  constructor() {
    super('Too many audits in progress: retry in a few seconds');
    this.name = 'AuditorBusyError';
  }
}

/** The server cancelled the audit (shutting down). */
export class AuditCancelledError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'AuditCancelledError';
  }
}

/** The page needed more memory than an audit may use (a pathological page, not a server fault: 422). */
export class AuditTooHeavyError extends Error {
  constructor(limitMb: number) {
    super(`The page is too large or too deeply nested to audit within the ${limitMb} MB an audit may use`);
    this.name = 'AuditTooHeavyError';
  }
}

export interface EngineRunnerOptions {
  fetcher: Fetcher;
  /** The process's browser, for audits with `render`; absent: they fail with the 503's reason. */
  renderer?: Renderer;
  deadlineMs: number;
  concurrency: number;
  queueLimit: number;
  now?: () => Date;
}

/**
 * The bounds every runner keeps, whatever runs the audit: at most `concurrency` at once, at most
 * `queueLimit` waiting (beyond that AuditorBusyError), and each cancellable by `abortAll`. `execute`
 * runs one audit once it has a slot, and must stop when `signal` aborts.
 */
export function createBoundedRunner(
  bounds: { concurrency: number; queueLimit: number },
  execute: (url: string, signal: AbortSignal, options: AuditRunOptions) => Promise<Audit>,
): BoundedRunner {
  const slots = new Semaphore(bounds.concurrency, bounds.queueLimit);
  const controllers = new Set<AbortController>();
  const bounded = async <T>(work: (signal: AbortSignal) => Promise<T>, beyondLine: boolean, outer?: AbortSignal): Promise<T> => {
    const controller = new AbortController();
    const onOuterAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) onOuterAbort();
    else outer?.addEventListener('abort', onOuterAbort, { once: true });
    controllers.add(controller);
    try {
      const release = await slots.acquire(beyondLine);
      if (!release) throw new AuditorBusyError();
      try {
        if (controller.signal.aborted) throw new AuditCancelledError('the audit was cancelled');
        return await work(controller.signal);
      } catch (error) {
        if (controller.signal.aborted && !(error instanceof AuditCancelledError)) {
          throw new AuditCancelledError(String((controller.signal.reason as Error)?.message ?? controller.signal.reason));
        }
        throw error;
      } finally {
        release();
      }
    } finally {
      outer?.removeEventListener('abort', onOuterAbort);
      controllers.delete(controller);
    }
  };
  return {
    get pending() {
      return slots.running + slots.waiting;
    },
    run: (url, options = {}) => counted(bounded((signal) => execute(url, signal, options), false)),
    runTask: (work, signal) => bounded(work, true, signal),
    abortAll(reason) {
      for (const controller of controllers) controller.abort(new Error(reason));
    },
    waitingLine: () => ({ depth: slots.waiting, oldestAgeSeconds: slots.oldestWaitMs() / 1000 }),
  };
}

/** Counts an audit's outcome and time in the metrics (docs/operations.md#metrics). */
function counted<T>(audit: Promise<T>): Promise<T> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  return audit.then(
    (result) => {
      countAudit('ok', seconds());
      return result;
    },
    (error: unknown) => {
      countAudit(outcomeOf(error), seconds());
      throw error;
    },
  );
}

function outcomeOf(error: unknown): AuditOutcome {
  if (error instanceof AuditorBusyError) return 'busy';
  if (error instanceof AuditCancelledError) return 'cancelled';
  if (error instanceof AuditTooHeavyError) return 'too_heavy';
  return 'failed';
}

/** Audits on this thread (tests, and `npm start` from source without a built worker). */
export function createEngineRunner(options: EngineRunnerOptions): AuditRunner {
  return createBoundedRunner(options, (url, signal, run) =>
    runAudit(url, {
      fetcher: options.fetcher,
      origin: 'server',
      ...(run.agents ? { agents: run.agents } : {}),
      limits: { deadlineMs: options.deadlineMs },
      signal,
      ...(options.now ? { now: options.now } : {}),
      ...(run.render ? { renderer: options.renderer ?? noRenderer } : {}),
    }),
  );
}

/** What renders on a host without a browser: every render fails as Chromium missing would (the API's 503). */
export const noRenderer: Renderer = {
  render: () => Promise.reject(new AuditRenderError('unavailable', RENDER_UNAVAILABLE_MESSAGE)),
};
