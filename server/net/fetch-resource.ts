import type { FetchError, FetchedResource, FetchOptions, RedirectHop } from '../../shared/types/fetcher.js';
import { decodeBody } from '../../shared/text/decode.js';
import type { AddressGuard } from './address-guard.js';
import { checkRequestTarget } from './request-target.js';
import { ACCEPT_ENCODING } from './decompress.js';
import { openResponse } from './open-response.js';
import { readBody } from './read-body.js';
import { collectHeaders } from './response-headers.js';
import { createStop } from './stop-signal.js';

export interface FetchSettings {
  guard: AddressGuard;
  defaultTimeoutMs: number;
  maxRedirects: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULT_HEADERS = { 'user-agent': 'Citable/0.1 (+https://citable.dev/bot)', accept: '*/*' };

/** One GET with redirects, caps and timeouts. Never throws: trouble is reported in `error`. */
export async function fetchResource(url: string, options: FetchOptions, settings: FetchSettings): Promise<FetchedResource> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const stop = createStop(options.timeoutMs ?? settings.defaultTimeoutMs, options.signal);
  const redirects: RedirectHop[] = [];
  const visited = new Set<string>();
  const headers = requestHeaders(options.headers);
  let current = url;

  const failed = (error: FetchError, status = 0, responseHeaders: Record<string, string> = {}): FetchedResource => ({
    url,
    finalUrl: current,
    status,
    headers: responseHeaders,
    body: '',
    bytes: 0,
    truncated: false,
    encoding: null,
    binary: false,
    redirects,
    timings: { totalMs: elapsed() },
    error,
  });

  try {
    for (;;) {
      const target = checkRequestTarget(current);
      if (!target.ok) return failed(target.error);
      current = target.url.href;
      visited.add(withoutHash(target.url));
      const literalBlock = settings.guard.literalBlockReason(target.url.hostname, target.port);
      if (literalBlock) {
        return failed({ code: 'blocked_address', message: `refused to connect to ${target.url.hostname}: ${literalBlock} address` });
      }
      const specialUse = settings.guard.specialUseBlock(target.url.hostname);
      if (specialUse) return failed({ code: 'special_use_name', message: specialUse });

      const opened = await openResponse(target.url, target.port, headers, settings.guard, stop.signal, stop.error);
      if (!opened.ok) return failed(opened.error);
      const res = opened.res;
      const status = res.statusCode ?? 0;
      const location = res.headers.location;

      if (REDIRECT_STATUSES.has(status) && location) {
        res.destroy(); // a redirect's body is never needed
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          redirects.push({ url: current, status });
          return failed({ code: 'invalid_url', message: `the redirect target is not a valid URL: ${location.slice(0, 200)}` });
        }
        // A redirect the caller does not follow (a crawl leaving its site): the 3xx itself is the answer.
        if (options.redirectHosts && !options.redirectHosts.includes(next.host)) {
          const { error: _none, ...redirect } = failed({ code: 'network', message: '' }, status, collectHeaders(res.rawHeaders));
          return { ...redirect, timings: { ttfbMs: elapsed(), totalMs: elapsed() } };
        }
        redirects.push({ url: current, status });
        current = next.href;
        if (visited.has(withoutHash(next))) return failed({ code: 'redirect_loop', message: `redirect loop back to ${next.href}` });
        if (redirects.length > settings.maxRedirects) {
          return failed({ code: 'too_many_redirects', message: `more than ${settings.maxRedirects} redirects` });
        }
        continue;
      }

      const ttfbMs = elapsed();
      const responseHeaders = collectHeaders(res.rawHeaders);
      const body = await readBody(res, options.maxBytes, stop.signal, stop.error, options.gunzipBody === true);
      if (body.error)
        return { ...failed(body.error, status, responseHeaders), bytes: body.bytes.length, timings: { ttfbMs, totalMs: elapsed() } };
      const decoded = decodeBody(body.bytes, body.gunzipped ? undefined : responseHeaders['content-type']);
      return {
        url,
        finalUrl: current,
        status,
        headers: responseHeaders,
        body: decoded.text,
        bytes: body.bytes.length,
        truncated: body.truncated,
        encoding: decoded.encoding,
        binary: decoded.binary,
        redirects,
        timings: { ttfbMs, totalMs: elapsed() },
      };
    }
  } catch (err) {
    // Defensive: nothing above should throw, but a Fetcher must not.
    return failed({ code: 'network', message: err instanceof Error ? err.message : String(err) });
  } finally {
    stop.dispose();
  }
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
