import { afterEach, describe, expect, it, vi } from 'vitest';
import { rawFetch, type RawFetchArgs } from '../../extension/lib/fetch/raw-fetch.js';
import { toFetchedResource } from '../../extension/lib/fetch/to-resource.js';

const args = (over: Partial<RawFetchArgs> = {}): RawFetchArgs => ({
  url: 'https://site.example/robots.txt',
  maxBytes: 1000,
  timeoutMs: 1000,
  headers: {},
  base64: false,
  failureIsCrossOrigin: false,
  ...over,
});

/** A response whose body arrives in the given chunks. */
function chunked(chunks: string[], headers: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8' }): Response {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const ch of chunks) c.enqueue(enc.encode(ch));
      c.close();
    },
  });
  return new Response(body, { status: 200, headers });
}

afterEach(() => vi.unstubAllGlobals());

describe('rawFetch', () => {
  it('reads the whole body, lower-cases headers, omits credentials', async () => {
    const fetchSpy = vi.fn(async () => chunked(['User-agent: *\n', 'Allow: /\n']));
    vi.stubGlobal('fetch', fetchSpy);
    const r = await rawFetch(args({ headers: { accept: 'text/plain' } }));
    expect(new TextDecoder().decode(r.body as Uint8Array)).toBe('User-agent: *\nAllow: /\n');
    expect(r).toMatchObject({ status: 200, bytes: 23, truncated: false });
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(fetchSpy).toHaveBeenCalledWith(
      'https://site.example/robots.txt',
      expect.objectContaining({ credentials: 'omit', headers: { accept: 'text/plain' } }),
    );
  });

  it('cuts the body at maxBytes and says so', async () => {
    vi.stubGlobal('fetch', async () => chunked(['0123456789', 'abcdefghij', 'more']));
    const r = await rawFetch(args({ maxBytes: 15 }));
    expect(new TextDecoder().decode(r.body as Uint8Array)).toBe('0123456789abcde');
    expect(r).toMatchObject({ bytes: 15, truncated: true });
  });

  it('is not truncated when the body is exactly the cap', async () => {
    vi.stubGlobal('fetch', async () => chunked(['0123456789']));
    expect(await rawFetch(args({ maxBytes: 10 }))).toMatchObject({ bytes: 10, truncated: false });
  });

  it('tells a response the browser will not show (CORS, a redirect to another site) from a dead server', async () => {
    // The CORS-mode fetch fails either way; the opaque no-cors probe resolves only if the server answered.
    const answering = vi.fn(async (_u: string, init: RequestInit) => {
      if (init.mode === 'no-cors') return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', answering);
    const sameOrigin = await rawFetch(args({ failureIsCrossOrigin: false }));
    expect(sameOrigin.error).toEqual({
      code: 'cross_origin',
      message: expect.stringMatching(/browser does not let the extension read the response: it redirects to another site/),
    });
    expect(answering).toHaveBeenLastCalledWith(
      'https://site.example/robots.txt',
      expect.objectContaining({ mode: 'no-cors', credentials: 'omit' }),
    );
    expect((await rawFetch(args({ failureIsCrossOrigin: true }))).error?.message).toMatch(/another site that does not allow it/);

    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((await rawFetch(args({ failureIsCrossOrigin: true }))).error).toEqual({ code: 'network', message: 'Failed to fetch' });
    expect((await rawFetch(args({ failureIsCrossOrigin: false }))).error?.code).toBe('network');
  });

  it('times out, and tells the audit deadline from its own timeout', async () => {
    vi.stubGlobal(
      'fetch',
      (_u: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    expect((await rawFetch(args({ timeoutMs: 20 }))).error?.code).toBe('timeout');
    const outer = new AbortController();
    const pending = rawFetch(args({ timeoutMs: 5000 }), outer.signal);
    outer.abort();
    expect((await pending).error?.code).toBe('deadline');
  });

  it('returns base64 for the tab route, which decodes to the same text', async () => {
    vi.stubGlobal('fetch', async () => chunked(['Café ☕'], { 'content-type': 'text/plain; charset=utf-8' }));
    const r = await rawFetch(args({ base64: true }));
    expect(typeof r.body).toBe('string');
    const res = toFetchedResource(r);
    expect(res).toMatchObject({ body: 'Café ☕', encoding: 'utf-8', binary: false, status: 200, redirects: [] });
  });
});
