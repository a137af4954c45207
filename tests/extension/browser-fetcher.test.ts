import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserFetcher } from '../../extension/lib/fetch/browser-fetcher.js';
import type { RawFetchArgs, RawFetchResult } from '../../extension/lib/fetch/raw-fetch.js';

const okRaw = (args: RawFetchArgs): RawFetchResult => ({
  url: args.url, finalUrl: args.url, status: 200, headers: { 'content-type': 'text/plain' }, body: btoa('from tab'), bytes: 8, truncated: false, totalMs: 1,
});

afterEach(() => vi.unstubAllGlobals());

describe('createBrowserFetcher', () => {
  it('asks the tab to fetch when the extension has no host access, without a User-Agent', async () => {
    const inTab = vi.fn(async (a: RawFetchArgs) => okRaw(a));
    const fetcher = createBrowserFetcher({ tabOrigin: 'https://site.example', extensionMayRead: async () => false, inTab });
    const res = await fetcher.fetch('https://site.example/llms.txt', { maxBytes: 100, headers: { 'user-agent': 'X', accept: 'text/plain' } });
    expect(res.body).toBe('from tab');
    expect(inTab).toHaveBeenCalledWith(expect.objectContaining({ headers: { accept: 'text/plain' }, base64: true, failureIsCrossOrigin: false }));
  });

  it('flags another origin fetched through the tab as a CORS risk', async () => {
    const inTab = vi.fn(async (a: RawFetchArgs) => okRaw(a));
    const fetcher = createBrowserFetcher({ tabOrigin: 'https://site.example', extensionMayRead: async () => false, inTab });
    await fetcher.fetch('https://cdn.example/app.js', { maxBytes: 100 });
    expect(inTab).toHaveBeenCalledWith(expect.objectContaining({ failureIsCrossOrigin: true }));
  });

  it('fetches directly when the extension holds host permission', async () => {
    const inTab = vi.fn();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('direct', { headers: { 'content-type': 'text/plain' } })));
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
    const fetcher = createBrowserFetcher({ tabOrigin: 'https://site.example', extensionMayRead: async () => false, inTab: () => new Promise(() => undefined) });
    const deadline = new AbortController();
    const pending = fetcher.fetch('https://site.example/slow', { maxBytes: 1, signal: deadline.signal });
    deadline.abort();
    expect((await pending).error?.code).toBe('deadline');
  });
});
