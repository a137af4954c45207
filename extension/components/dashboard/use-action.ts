import { useState } from 'preact/hooks';
import type { ApiResult } from '../../lib/api/client.js';

/**
 * A view's writes to the backend: which one is running (its key, '' when none, so a row's button can show
 * its own busy state) and the backend's error of the last one. `run` returns the answer for the caller's next step.
 */
export function useAction(): {
  busy: string;
  error: string;
  run: <T>(key: string, request: () => Promise<ApiResult<T>>) => Promise<ApiResult<T>>;
} {
  const [busy, setBusy] = useState('');
  const [error, setError] = useState('');
  const run = async <T>(key: string, request: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> => {
    setBusy(key);
    setError('');
    const res = await request();
    setBusy('');
    if (!res.ok) setError(res.error);
    return res;
  };
  return { busy, error, run };
}
