/**
 * A signal that aborts after `ms`, or when `outer` aborts, whichever comes first; `clear()` ends it.
 *
 * Not `AbortSignal.any([outer, AbortSignal.timeout(ms)])`: Node (20.20 here) holds a timeout signal only
 * weakly once it is combined, so after a garbage collection the timeout never fires and fetch waits for
 * undici's own five-minute header timeout (tests/server/unit/deadline-signal.test.ts shows both). Here
 * the timer's closure holds the controller, so the deadline holds however the heap is collected.
 */
import { onSharedAbort } from './shared-signal.js';

export interface DeadlineSignal {
  signal: AbortSignal;
  /** True when the deadline (not `outer`) aborted it. */
  readonly timedOut: boolean;
  clear(): void;
}

export function deadlineSignal(ms: number, outer?: AbortSignal): DeadlineSignal {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError'));
  }, ms);
  const onOuterAbort = () => controller.abort(outer?.reason);
  // `outer` is typically shared (a check's cancellation signal): see net/shared-signal.ts.
  let stopListening = () => {};
  if (outer?.aborted) onOuterAbort();
  else if (outer) stopListening = onSharedAbort(outer, onOuterAbort);
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    clear() {
      clearTimeout(timer);
      stopListening();
    },
  };
}
