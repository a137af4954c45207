/**
 * Within a crawl, what is not the page itself (its scripts, mostly the same on every page) is fetched once
 * per process or thread and reused: a crawl of 10,000 pages must not fetch the site's bundle 10,000 times.
 * Page fetches are the ones a crawl restricts to its host (`redirectHosts`), and always go to the network.
 * Bounded by bytes; a failed fetch is not kept (it is tried again by the next page).
 */
import { LRUCache } from 'lru-cache';
import type { FetchedResource, Fetcher } from '../../shared/types/fetcher.js';

export const RESOURCE_CACHE_BYTES = 32 * 1024 * 1024;

/** Every entry is set with its size: a placeholder while in flight, then the body's (UTF-16) size. */
export function createResourceCache(maxBytes = RESOURCE_CACHE_BYTES): LRUCache<string, Promise<FetchedResource>> {
  return new LRUCache<string, Promise<FetchedResource>>({ maxSize: maxBytes });
}

/** A fetcher that answers repeated non-page requests of one crawl from `cache`. */
export function cachingFetcher(base: Fetcher, cache: LRUCache<string, Promise<FetchedResource>>, crawlKey: string): Fetcher {
  return {
    fetch(url, options) {
      if (options.redirectHosts) return base.fetch(url, options);
      const key = `${crawlKey}\n${options.headers?.['user-agent'] ?? ''}\n${options.headers?.accept ?? ''}\n${options.maxBytes}\n${url}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const fetched = base.fetch(url, options).then((res) => {
        if (res.error) cache.delete(key);
        return res;
      });
      cache.set(key, fetched, { size: 64 * 1024 });
      void fetched.then((res) => {
        if (!res.error && cache.has(key)) cache.set(key, fetched, { size: Math.max(1, res.body.length * 2) });
      });
      return fetched;
    },
  };
}
