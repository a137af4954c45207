import type { FetchError } from '../../shared/types/fetcher.js';
import { onSharedAbort } from './shared-signal.js';

export interface Stop {
  /** Fires when the request must end now: its own timeout, or the caller's signal. */
  signal: AbortSignal;
  /** The error to report once `signal` fired. */
  error(): FetchError;
  dispose(): void;
}

/** One timer bounds the whole request (every redirect hop and the body); the caller's signal ends it at once. */
export function createStop(timeoutMs: number, outer: AbortSignal | undefined): Stop {
  const controller = new AbortController();
  let error: FetchError = { code: 'aborted', message: 'the request was cancelled' };
  const abort = (why: FetchError) => {
    if (controller.signal.aborted) return;
    error = why;
    controller.abort(why);
  };
  // setTimeout fires at once for NaN or anything over 2^31-1 ms: clamp to a sane range.
  const ms = Number.isFinite(timeoutMs) ? Math.min(Math.max(1, timeoutMs), 2 ** 31 - 1) : 10_000;
  const timer = setTimeout(() => abort({ code: 'timeout', message: `no complete answer within ${ms} ms` }), ms);
  const onOuter = () => abort({ code: 'deadline', message: 'the audit deadline ran out' });
  // An audit's deadline signal is shared by every fetch the audit has in flight (net/shared-signal.ts).
  let stopListening = () => {};
  if (outer?.aborted) onOuter();
  else if (outer) stopListening = onSharedAbort(outer, onOuter);
  return {
    signal: controller.signal,
    error: () => error,
    dispose() {
      clearTimeout(timer);
      stopListening();
    },
  };
}
