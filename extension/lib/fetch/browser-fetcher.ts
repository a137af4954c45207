import type { Fetcher, FetchedResource, FetchOptions } from '../../../shared/types/fetcher.js';
import { failedResource } from '../../../shared/gather/failed-resource.js';
import { rawFetch, type RawFetchArgs, type RawFetchResult } from './raw-fetch.js';
import { rawBytes, toFetchedResource } from './to-resource.js';
import { gunzipResource } from './gunzip-body.js';

/** Runs rawFetch inside the audited tab (same-origin there, so no host permission is needed). */
export type InTabFetch = (args: RawFetchArgs) => Promise<RawFetchResult>;

export interface BrowserFetcherOptions {
  /** Origin of the audited tab. */
  tabOrigin: string;
  /** True when the extension itself may read this URL (host permission granted). */
  extensionMayRead: (url: string) => Promise<boolean>;
  inTab: InTabFetch;
  /** Force one route (tests, diagnosis). */
  route?: 'tab' | 'extension';
  defaultTimeoutMs?: number;
  /** Told when a request starts; the function it returns is called when the request ends (progress). */
  onFetch?: (url: string, accept: string) => () => void;
}

/**
 * The extension's Fetcher. With host permission the service worker fetches directly, and also for
 * the tab's own origin, which activeTab opens to it; failing that it asks the tab to fetch, where
 * the tab's own origin is readable and other origins answer only if they allow CORS (else
 * `cross_origin`, which the WebMCP signal reports as skipped).
 * Browsers cannot set User-Agent, so that header is dropped.
 */
export function createBrowserFetcher(options: BrowserFetcherOptions): Fetcher {
  const fetchOne = browserFetch(options);
  return {
    async fetch(url: string, opts: FetchOptions): Promise<FetchedResource> {
      const done = options.onFetch?.(url, accept(opts.headers));
      try {
        const { resource, raw } = await fetchOne(url, opts);
        return opts.gunzipBody && raw ? await gunzipResource(resource, rawBytes(raw), opts.maxBytes) : resource;
      } finally {
        done?.();
      }
    },
  };
}

function accept(headers: Record<string, string> | undefined): string {
  return Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === 'accept')?.[1] ?? '';
}

/** A fetch's resource, and its raw bytes when a response was read. */
interface Fetched {
  resource: FetchedResource;
  raw: RawFetchResult | null;
}

const only = (resource: FetchedResource): Fetched => ({ resource, raw: null });
const read = (raw: RawFetchResult): Fetched => ({ resource: toFetchedResource(raw), raw });

function browserFetch(options: BrowserFetcherOptions): (url: string, opts: FetchOptions) => Promise<Fetched> {
  return async (url, opts) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return only(failedResource(url, 'invalid_url', 'not a valid URL'));
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      return only(failedResource(url, 'unsupported_scheme', `${parsed.protocol} is not fetched`));
    }
    const headers = Object.fromEntries(Object.entries(opts.headers ?? {}).filter(([k]) => k.toLowerCase() !== 'user-agent'));
    const base = { url, maxBytes: opts.maxBytes, timeoutMs: opts.timeoutMs ?? options.defaultTimeoutMs ?? 10_000, headers };
    const mayRead = await options.extensionMayRead(url);
    const tabOwn = parsed.origin === options.tabOrigin;
    // The tab's own origin is tried from the extension first: activeTab lets it read there (Chrome),
    // and unlike a script in the tab it need not wait for a slow page to finish loading.
    if (options.route ? options.route === 'extension' : mayRead || tabOwn) {
      const raw = await rawFetch({ ...base, base64: false, failureIsCrossOrigin: !mayRead && !tabOwn }, opts.signal);
      const refused = raw.error?.code === 'cross_origin';
      if (options.route || mayRead || !refused) return read(raw);
      // No access from here after all (Firefox, a lapsed grant): the tab can still read its own origin.
    }
    if (opts.signal?.aborted) return only(failedResource(url, 'deadline', 'the audit deadline ran out'));
    const raw = await raceSignal(
      options.inTab({ ...base, base64: true, failureIsCrossOrigin: parsed.origin !== options.tabOrigin }),
      opts.signal,
    );
    return raw ? read(raw) : only(failedResource(url, 'deadline', 'the audit deadline ran out'));
  };
}

/** The tab's fetch cannot be cancelled from here; stop waiting for it when the deadline fires. */
function raceSignal<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T | null> {
  if (!signal) return p;
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
