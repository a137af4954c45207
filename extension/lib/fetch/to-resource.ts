import type { FetchedResource } from '../../../shared/types/fetcher.js';
import { decodeBody } from '../../../shared/text/decode.js';
import type { RawFetchResult } from './raw-fetch.js';

/** A raw browser fetch as the engine's FetchedResource (decoded the way the browser would). */
export function toFetchedResource(raw: RawFetchResult): FetchedResource {
  const bytes = rawBytes(raw);
  const decoded = raw.error ? { text: '', encoding: null, binary: false } : decodeBody(bytes, raw.headers['content-type']);
  return {
    url: raw.url,
    finalUrl: raw.finalUrl,
    status: raw.status,
    headers: raw.headers,
    body: decoded.text,
    bytes: raw.bytes,
    truncated: raw.truncated,
    encoding: decoded.encoding,
    binary: decoded.binary,
    // The browser follows redirects without showing the hops; finalUrl tells where it ended.
    redirects: [],
    timings: { ...(raw.ttfbMs !== undefined ? { ttfbMs: raw.ttfbMs } : {}), totalMs: raw.totalMs },
    ...(raw.error ? { error: raw.error } : {}),
  };
}

/** The body's bytes, whichever route fetched it. */
export function rawBytes(raw: RawFetchResult): Uint8Array {
  return typeof raw.body === 'string' ? fromBase64(raw.body) : raw.body;
}

function fromBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
