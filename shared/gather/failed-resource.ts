import type { FetchErrorCode, FetchedResource } from '../types/fetcher.js';

/** A resource that never got a response. */
export function failedResource(url: string, code: FetchErrorCode, message: string): FetchedResource {
  return {
    url,
    finalUrl: url,
    status: 0,
    headers: {},
    body: '',
    bytes: 0,
    truncated: false,
    encoding: null,
    binary: false,
    redirects: [],
    timings: { totalMs: 0 },
    error: { code, message },
  };
}
