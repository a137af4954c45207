import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ApiClient, ApiResult } from '../../lib/api/client.js';
import { useDashboard } from './context.js';

export type Load<T> = { state: 'loading' } | { state: 'ok'; data: T } | { state: 'error'; status: number; error: string };

/**
 * One read of the backend for a view: loading, then the data or the server's error; `reload` reads again
 * (after a write). An answer that arrives after the view moved on is dropped.
 */
export function useApi<T>(read: (api: ApiClient) => Promise<ApiResult<T>>, deps: readonly unknown[]): [Load<T>, () => void] {
  const { api } = useDashboard();
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  useEffect(() => {
    const mine = ++seq.current;
    // A reload keeps the data on screen while it reads again; a new subject starts from "loading".
    if (tick === 0) setLoad({ state: 'loading' });
    void read(api).then((res) => {
      if (mine !== seq.current) return;
      setLoad(res.ok ? { state: 'ok', data: res.data } : { state: 'error', status: res.status, error: res.error });
    });
  }, [api, tick, ...deps]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return [load, reload];
}
