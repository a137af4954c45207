import { onSharedAbort } from '../../net/shared-signal.js';

/** setTimeout as a promise that an abort signal cuts short (rejecting with the signal's reason). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      stopListening();
      resolve();
    }, ms);
    const stopListening = signal
      ? onSharedAbort(signal, () => {
          clearTimeout(timer);
          reject(signal.reason);
        })
      : () => {};
  });
}
