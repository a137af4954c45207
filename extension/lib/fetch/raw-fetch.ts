/** What one browser fetch produced, before decoding. Plain data so it can cross executeScript. */
export interface RawFetchResult {
  url: string;
  finalUrl: string;
  status: number;
  headers: Record<string, string>;
  /** Body bytes (extension route) or base64 (tab route: executeScript results must be JSON). */
  body: Uint8Array | string;
  bytes: number;
  truncated: boolean;
  ttfbMs?: number;
  totalMs: number;
  error?: { code: 'timeout' | 'deadline' | 'cross_origin' | 'network' | 'invalid_url'; message: string };
}

export interface RawFetchArgs {
  url: string;
  maxBytes: number;
  timeoutMs: number;
  headers: Record<string, string>;
  /** Return the body as base64 (for executeScript) instead of bytes. */
  base64: boolean;
  /** The URL is on another origin than the context fetching it (only words the refusal message). */
  failureIsCrossOrigin: boolean;
}

type RawFetchErrorCode = NonNullable<RawFetchResult['error']>['code'];

/**
 * One GET with the browser's fetch: no cookies, body streamed and cut at maxBytes, a timeout.
 * Self-contained (no imports, no closures): Chrome serializes it into the tab for the tab route, so its
 * steps cannot be functions of their own.
 */
export async function rawFetch(args: RawFetchArgs, outer?: AbortSignal): Promise<RawFetchResult> {
  const t0 = performance.now();
  const elapsed = () => Math.round(performance.now() - t0);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), args.timeoutMs);
  const onOuter = () => timeout.abort();
  outer?.addEventListener('abort', onOuter, { once: true });
  const init: RequestInit = { credentials: 'omit', cache: 'no-store', redirect: 'follow', signal: timeout.signal };
  const empty = { url: args.url, finalUrl: args.url, status: 0, headers: {}, bytes: 0, truncated: false };
  const failed = (code: RawFetchErrorCode, message: string): RawFetchResult => ({
    ...empty,
    body: args.base64 ? '' : new Uint8Array(0),
    totalMs: elapsed(),
    error: { code, message },
  });
  const abortCode = () => (outer?.aborted ? 'deadline' : 'timeout');
  try {
    let res: Response;
    try {
      res = await fetch(args.url, { ...init, headers: args.headers });
    } catch (err) {
      if (timeout.signal.aborted) return failed(abortCode(), `no answer within ${args.timeoutMs} ms`);
      const message = err instanceof Error ? err.message : String(err);
      // "Failed to fetch" is both a dead server and a response the browser will not show us (CORS,
      // also after a same-origin URL redirects to another site). An opaque no-cors request tells
      // them apart: it resolves whenever the server answered, and reveals nothing else.
      const answered = await fetch(args.url, { ...init, mode: 'no-cors' }).then(
        () => true,
        () => false,
      );
      if (timeout.signal.aborted) return failed(abortCode(), `no answer within ${args.timeoutMs} ms`);
      if (!answered) return failed('network', message);
      const why = args.failureIsCrossOrigin ? 'another site that does not allow it (CORS)' : 'it redirects to another site';
      return failed('cross_origin', `the server answered, but the browser does not let the extension read the response: ${why}`);
    }
    const ttfbMs = elapsed();
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
    const answer = { url: args.url, finalUrl: res.url || args.url, status: res.status, headers };

    // The body, up to maxBytes: truncated only when more was there.
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    let truncated = false;
    const reader = res.body?.getReader();
    try {
      while (reader) {
        const { done, value } = await reader.read();
        if (done) break;
        const room = args.maxBytes - bytes;
        const kept = value.subarray(0, Math.max(0, room));
        chunks.push(kept);
        bytes += kept.length;
        if (value.length >= room) {
          truncated = value.length > room || !(await reader.read()).done;
          if (truncated) await reader.cancel().catch(() => undefined);
          break;
        }
      }
    } catch (err) {
      if (timeout.signal.aborted) return failed(abortCode(), `body not complete within ${args.timeoutMs} ms`);
      return failed('network', err instanceof Error ? err.message : String(err));
    }

    // One array of bytes, or base64 for executeScript.
    const all = new Uint8Array(bytes);
    let at = 0;
    for (const c of chunks) {
      all.set(c, at);
      at += c.length;
    }
    let body: Uint8Array | string = all;
    if (args.base64) {
      let bin = '';
      for (let i = 0; i < all.length; i += 0x8000) bin += String.fromCharCode(...all.subarray(i, i + 0x8000));
      body = btoa(bin);
    }
    return { ...answer, body, bytes, truncated, ttfbMs, totalMs: elapsed() };
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuter);
  }
}
