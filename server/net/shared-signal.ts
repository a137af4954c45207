import { getMaxListeners, setMaxListeners } from 'node:events';

/**
 * One abort signal is often shared by many requests in flight at once: an audit's deadline by every fetch
 * of the audit, a citation check's cancellation by every provider request, retry wait and Gemini redirect
 * lookup of its pairs. More than Node's default 10 listeners is expected there, not a leak: each caller
 * removes its listener when its request ends (the function returned here).
 */
export const SHARED_SIGNAL_LISTENERS = 1_000;

/** Calls `listener` once when `signal` aborts; the returned function removes it. */
export function onSharedAbort(signal: AbortSignal, listener: () => void): () => void {
  if (getMaxListeners(signal) < SHARED_SIGNAL_LISTENERS) setMaxListeners(SHARED_SIGNAL_LISTENERS, signal);
  signal.addEventListener('abort', listener, { once: true });
  return () => signal.removeEventListener('abort', listener);
}
