import type { Settings } from '../settings.js';

/** An answer of the Citable API: the parsed JSON body, or the reason it failed in words (the server's `{error}` when it sent one). */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: string };

export interface ApiClient {
  readonly backendUrl: string;
  get<T>(path: string): Promise<ApiResult<T>>;
  post<T>(path: string, body?: unknown): Promise<ApiResult<T>>;
  patch<T>(path: string, body: unknown): Promise<ApiResult<T>>;
  del<T = null>(path: string): Promise<ApiResult<T>>;
  /** A GET whose answer is text, not JSON (a CSV export): the body as it came. */
  getText(path: string, accept: string): Promise<ApiResult<string>>;
  /** A POST whose body is a file as it is (a log upload), with a longer timeout than other calls. */
  upload<T>(path: string, file: Blob): Promise<ApiResult<T>>;
}

/** Status 0: no HTTP answer at all (refused, timed out, CORS or host access missing). */
export const NO_ANSWER = 0;
const TIMEOUT_MS = 20_000;
const UPLOAD_TIMEOUT_MS = 30 * 60_000;

/**
 * The one way extension pages talk to the backend: `/api/v1` + path with the bearer key, no cookies, a
 * timeout, and every failure turned into a sentence. Views never call fetch themselves.
 */
export function createApiClient(settings: Settings, fetchImpl: typeof fetch = (...a) => fetch(...a)): ApiClient {
  const base = `${settings.backendUrl}/api/v1`;
  const call = async <T>(method: string, path: string, body?: unknown, accept = 'application/json'): Promise<ApiResult<T>> => {
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${settings.apiKey}`,
          accept,
          ...(body === undefined ? {} : { 'content-type': body instanceof Blob ? 'application/octet-stream' : 'application/json' }),
        },
        ...(body === undefined ? {} : { body: body instanceof Blob ? body : JSON.stringify(body) }),
        credentials: 'omit',
        signal: AbortSignal.timeout(body instanceof Blob ? UPLOAD_TIMEOUT_MS : TIMEOUT_MS),
      });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      return {
        ok: false,
        status: NO_ANSWER,
        error: timedOut
          ? `The backend did not answer within ${(body instanceof Blob ? UPLOAD_TIMEOUT_MS : TIMEOUT_MS) / 1000} s (${settings.backendUrl}).`
          : `The backend is unreachable (${settings.backendUrl}).`,
      };
    }
    if (res.status === 204) return { ok: true, status: 204, data: null as T };
    const text = await res.text().catch(() => '');
    if (res.ok && accept !== 'application/json') return { ok: true, status: res.status, data: text as T };
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: handled below */
    }
    if (res.ok) {
      if (json === undefined) return { ok: false, status: res.status, error: `The backend answered ${res.status} without a JSON body.` };
      return { ok: true, status: res.status, data: json as T };
    }
    return { ok: false, status: res.status, error: errorMessage(res.status, json) };
  };
  return {
    backendUrl: settings.backendUrl,
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
    patch: (path, body) => call('PATCH', path, body),
    del: (path) => call('DELETE', path),
    getText: (path, accept) => call<string>('GET', path, undefined, accept),
    upload: (path, file) => call('POST', path, file),
  };
}

/** The server's own `{error}` message (docs/api-decisions.md#http-api) when there is one, else the status in words. */
export function errorMessage(status: number, body: unknown): string {
  const said =
    body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string'
      ? (body as { error: string }).error.slice(0, 300)
      : '';
  if (said) return said;
  if (status === 401) return 'The API key was refused (401).';
  if (status === 403) return 'This API key may not do that (403).';
  if (status === 404) return 'Not found (404).';
  return `The backend answered ${status}.`;
}

/** Builds `?a=1&b=2` from the defined values only. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
