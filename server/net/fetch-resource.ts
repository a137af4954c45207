import type { IncomingMessage } from 'node:http';
import type { FetchError, FetchedResource, FetchOptions, RedirectHop } from '../../shared/types/fetcher.js';
import { decodeBody } from '../../shared/text/decode.js';
import type { AddressGuard } from './address-guard.js';
import { checkRequestTarget, type CheckedTarget } from './request-target.js';
import { ACCEPT_ENCODING } from './decompress.js';
import { openResponse } from './open-response.js';
import { readBody } from './read-body.js';
import { collectHeaders } from './response-headers.js';
import { createStop, type Stop } from './stop-signal.js';

export interface FetchSettings {
  guard: AddressGuard;
  defaultTimeoutMs: number;
  maxRedirects: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULT_HEADERS = { 'user-agent': 'Citable/0.1 (+https://citable.dev/bot)', accept: '*/*' };

/** One fetch as it goes: where it started, where it is, the hops so far. */
interface Trip {
  url: string;
  current: string;
  redirects: RedirectHop[];
  visited: Set<string>;
  elapsed(): number;
}

/** One GET with redirects, caps and timeouts. Never throws: trouble is reported in `error`. */
export async function fetchResource(url: string, options: FetchOptions, settings: FetchSettings): Promise<FetchedResource> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const stop = createStop(options.timeoutMs ?? settings.defaultTimeoutMs, options.signal);
  const trip: Trip = { url, current: url, redirects: [], visited: new Set<string>(), elapsed };
  const headers = requestHeaders(options.headers);

  try {
    for (;;) {
      const target = allowedTarget(trip, settings.guard);
      if (!target.ok) return failure(trip, target.error);
      const opened = await openResponse(target.url, target.port, headers, settings.guard, stop.signal, stop.error);
      if (!opened.ok) return failure(trip, opened.error);
      const res = opened.res;
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        res.destroy(); // a redirect's body is never needed
        const ended = redirect(trip, status, location, res, options, settings);
        if (ended) return ended;
        continue;
      }
      return await response(trip, res, status, options, stop);
    }
  } catch (err) {
    // Defensive: nothing above should throw, but a Fetcher must not.
    return failure(trip, { code: 'network', message: err instanceof Error ? err.message : String(err) });
  } finally {
    stop.dispose();
  }
}

/** The fetch ended in `error`, with what is known so far. */
function failure(trip: Trip, error: FetchError, status = 0, responseHeaders: Record<string, string> = {}): FetchedResource {
  return {
    url: trip.url,
    finalUrl: trip.current,
    status,
    headers: responseHeaders,
    body: '',
    bytes: 0,
    truncated: false,
    encoding: null,
    binary: false,
    redirects: trip.redirects,
    timings: { totalMs: trip.elapsed() },
    error,
  };
}

/** The current hop's URL and port when it may be requested (a sane URL, not a blocked address or name), else why not. */
function allowedTarget(trip: Trip, guard: AddressGuard): CheckedTarget {
  const target = checkRequestTarget(trip.current);
  if (!target.ok) return target;
  trip.current = target.url.href;
  trip.visited.add(withoutHash(target.url));
  const literalBlock = guard.literalBlockReason(target.url.hostname, target.port);
  if (literalBlock) {
    return {
      ok: false,
      error: { code: 'blocked_address', message: `refused to connect to ${target.url.hostname}: ${literalBlock} address` },
    };
  }
  const specialUse = guard.specialUseBlock(target.url.hostname);
  if (specialUse) return { ok: false, error: { code: 'special_use_name', message: specialUse } };
  return target;
}

/**
 * A 3xx to `location`: null when the trip goes on there (trip.current is the next hop), else how the
 * fetch ends: a bad target, a loop, too many hops, or a redirect the caller does not follow.
 */
function redirect(
  trip: Trip,
  status: number,
  location: string,
  res: IncomingMessage,
  options: FetchOptions,
  settings: FetchSettings,
): FetchedResource | null {
  let next: URL;
  try {
    next = new URL(location, trip.current);
  } catch {
    trip.redirects.push({ url: trip.current, status });
    return failure(trip, { code: 'invalid_url', message: `the redirect target is not a valid URL: ${location.slice(0, 200)}` });
  }
  // A redirect the caller does not follow (a crawl leaving its site): the 3xx itself is the answer.
  if (options.redirectHosts && !options.redirectHosts.includes(next.host)) {
    const { error: _none, ...answer } = failure(trip, { code: 'network', message: '' }, status, collectHeaders(res.rawHeaders));
    return { ...answer, timings: { ttfbMs: trip.elapsed(), totalMs: trip.elapsed() } };
  }
  trip.redirects.push({ url: trip.current, status });
  trip.current = next.href;
  if (trip.visited.has(withoutHash(next))) return failure(trip, { code: 'redirect_loop', message: `redirect loop back to ${next.href}` });
  if (trip.redirects.length > settings.maxRedirects) {
    return failure(trip, { code: 'too_many_redirects', message: `more than ${settings.maxRedirects} redirects` });
  }
  return null;
}

/** The final answer: its body read within the caps and decoded to text. */
async function response(trip: Trip, res: IncomingMessage, status: number, options: FetchOptions, stop: Stop): Promise<FetchedResource> {
  const ttfbMs = trip.elapsed();
  const responseHeaders = collectHeaders(res.rawHeaders);
  const body = await readBody(res, options.maxBytes, stop.signal, stop.error, options.gunzipBody === true);
  if (body.error)
    return {
      ...failure(trip, body.error, status, responseHeaders),
      bytes: body.bytes.length,
      timings: { ttfbMs, totalMs: trip.elapsed() },
    };
  const decoded = decodeBody(body.bytes, body.gunzipped ? undefined : responseHeaders['content-type']);
  return {
    url: trip.url,
    finalUrl: trip.current,
    status,
    headers: responseHeaders,
    body: decoded.text,
    bytes: body.bytes.length,
    truncated: body.truncated,
    encoding: decoded.encoding,
    binary: decoded.binary,
    redirects: trip.redirects,
    timings: { ttfbMs, totalMs: trip.elapsed() },
    ...(body.gunzipped ? { gunzipped: true } : {}),
  };
}

function requestHeaders(given: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = { ...DEFAULT_HEADERS };
  for (const [name, value] of Object.entries(given ?? {})) out[name.toLowerCase()] = value;
  out['accept-encoding'] = ACCEPT_ENCODING; // we must be able to decode whatever comes back
  return out;
}

function withoutHash(url: URL): string {
  return url.href.replace(/#.*$/, '');
}
