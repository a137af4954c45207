import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserFetcher } from '../../extension/lib/fetch/browser-fetcher.js';
import type { RawFetchArgs, RawFetchResult } from '../../extension/lib/fetch/raw-fetch.js';

const okRaw = (args: RawFetchArgs): RawFetchResult => ({
  url: args.url,
  finalUrl: args.url,
  status: 200,
  headers: { 'content-type': 'text/plain' },
  body: btoa('from tab'),
  bytes: 8,
  truncated: false,
  totalMs: 1,
});

afterEach(() => vi.unstubAllGlobals());

describe('createBrowserFetcher', () => {
  it('asks the tab to fetch when the extension itself may not read the tab origin, without a User-Agent', async () => {
    // The extension's own try is refused by the browser (the server answered, CORS hid it).
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_u: string, init: RequestInit) => {
        if (init.mode === 'no-cors') return new Response(null);
        throw new TypeError('Failed to fetch');
      }),
    );
    const inTab = vi.fn(async (a: RawFetchArgs) => okRaw(a));
    const fetcher = createBrowserFetcher({ tabOrigin: 'https://site.example', extensionMayRead: async () => false, inTab });
    const res = await fetcher.fetch('https://site.example/llms.txt', {
      maxBytes: 100,
      headers: { 'user-agent': 'X', accept: 'text/plain' },
    });
    expect(res.body).toBe('from tab');
    expect(inTab).toHaveBeenCalledWith(
      expect.objectContaining({ headers: { accept: 'text/plain' }, base64: true, failureIsCrossOrigin: false }),
    );
  });

  it('flags another origin fetched through the tab as a CORS risk', async () => {
    const inTab = vi.fn(async (a: RawFetchArgs) => okRaw(a));
    const fetcher = createBrowserFetcher({ tabOrigin: 'https://site.example', extensionMayRead: async () => false, inTab });
    await fetcher.fetch('https://cdn.example/app.js', { maxBytes: 100 });
    expect(inTab).toHaveBeenCalledWith(expect.objectContaining({ failureIsCrossOrigin: true }));
  });

  it('reads the tab origin from the extension first (activeTab), without waiting for the tab', async () => {
    const inTab = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('direct', { headers: { 'content-type': 'text/plain' } })),
    );
    const fetcher = createBrowserFetcher({ tabOrigin: 'https://site.example', extensionMayRead: async () => false, inTab });
    expect(await fetcher.fetch('https://site.example/robots.txt', { maxBytes: 100 })).toMatchObject({ status: 200, body: 'direct' });
    expect(inTab).not.toHaveBeenCalled();
  });

  it('fetches directly when the extension holds host permission', async () => {
    const inTab = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('direct', { headers: { 'content-type': 'text/plain' } })),
    );
    const fetcher = createBrowserFetcher({ tabOrigin: 'https://site.example', extensionMayRead: async () => true, inTab });
    const res = await fetcher.fetch('https://site.example/robots.txt', { maxBytes: 100 });
    expect(res).toMatchObject({ status: 200, body: 'direct' });
    expect(inTab).not.toHaveBeenCalled();
  });

  it('refuses non-http URLs without fetching', async () => {
    const inTab = vi.fn();
    const fetcher = createBrowserFetcher({ tabOrigin: 'https://site.example', extensionMayRead: async () => true, inTab });
    expect((await fetcher.fetch('ftp://site.example/x', { maxBytes: 1 })).error?.code).toBe('unsupported_scheme');
    expect((await fetcher.fetch('not a url', { maxBytes: 1 })).error?.code).toBe('invalid_url');
    expect(inTab).not.toHaveBeenCalled();
  });

  it('stops waiting for the tab when the audit deadline fires', async () => {
    const fetcher = createBrowserFetcher({
      tabOrigin: 'https://site.example',
      extensionMayRead: async () => false,
      inTab: () => new Promise(() => undefined),
    });
    const deadline = new AbortController();
    const pending = fetcher.fetch('https://cdn.example/slow.js', { maxBytes: 1, signal: deadline.signal });
    deadline.abort();
    expect((await pending).error?.code).toBe('deadline');
  });
});

describe('createBrowserFetcher and a gzip body (gunzipBody)', () => {
  const xml =
    '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://site.example/</loc></url></urlset>';
  /** What the tab route hands back for a sitemap.xml.gz: the archive's bytes, base64. */
  const gzRaw = async (args: RawFetchArgs): Promise<RawFetchResult> => {
    const bytes = new Uint8Array(await new Response(new Blob([xml]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
    let bin = '';
    for (const b of bytes) bin += String.fromCharCode(b);
    return { ...okRaw(args), headers: { 'content-type': 'application/x-gzip' }, body: btoa(bin), bytes: bytes.length };
  };

  it('decompresses a gzip sitemap with DecompressionStream when asked', async () => {
    const fetcher = createBrowserFetcher({
      tabOrigin: 'https://site.example',
      extensionMayRead: async () => false,
      inTab: gzRaw,
      route: 'tab',
    });
    const res = await fetcher.fetch('https://site.example/sitemap.xml.gz', { maxBytes: 10_000, gunzipBody: true });
    expect(res).toMatchObject({ body: xml, binary: false, gunzipped: true });
  });

  it('leaves the bytes alone when not asked', async () => {
    const fetcher = createBrowserFetcher({
      tabOrigin: 'https://site.example',
      extensionMayRead: async () => false,
      inTab: gzRaw,
      route: 'tab',
    });
    const res = await fetcher.fetch('https://site.example/sitemap.xml.gz', { maxBytes: 10_000 });
    expect(res.gunzipped).toBeUndefined();
    expect(res.body).not.toBe(xml);
  });
});
