import type { FetchedResource, Fetcher, FetchOptions } from '../../../shared/types/fetcher.js';
import { failedResource } from '../../../shared/gather/failed-resource.js';

export const SAMPLE_PAGE = `<!doctype html><html lang="en"><head><title>Sample shop: hand-made chairs</title>
<meta name="description" content="Hand-made oak chairs built to order in Lyon, shipped across Europe."></head>
<body><main><h1>Hand-made chairs</h1><p>${'We build oak chairs by hand in our Lyon workshop. '.repeat(30)}</p></main></body></html>`;

/**
 * A Fetcher for API tests that must not touch the network: every page is SAMPLE_PAGE, every site file is
 * 404, hosts under `.invalid` fail DNS, and `slow.example` answers after `slowMs`. It records every URL.
 */
export function fakeFetcher(options: { slowMs?: number } = {}): Fetcher & { urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    async fetch(url: string, opts: FetchOptions): Promise<FetchedResource> {
      urls.push(url);
      const parsed = new URL(url);
      if (parsed.hostname.endsWith('.invalid')) return failedResource(url, 'dns', 'getaddrinfo ENOTFOUND');
      if (parsed.hostname === 'slow.example') await sleep(options.slowMs ?? 1000, opts.signal);
      if (opts.signal?.aborted) return failedResource(url, 'aborted', 'aborted');
      const isPage = !/\/(robots\.txt|llms\.txt|llms-full\.txt|sitemap\.xml|tdmrep\.json)$/.test(parsed.pathname);
      const body = isPage ? SAMPLE_PAGE : 'Not found';
      return {
        url,
        finalUrl: url,
        status: isPage ? 200 : 404,
        headers: { 'content-type': isPage ? 'text/html; charset=utf-8' : 'text/plain' },
        body,
        bytes: body.length,
        truncated: false,
        encoding: 'utf-8',
        binary: false,
        redirects: [],
        timings: { ttfbMs: 5, totalMs: 10 },
      };
    },
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
