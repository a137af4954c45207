import type { Fetcher } from '../../shared/types/fetcher.js';
import { failedResource } from '../../shared/gather/failed-resource.js';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The real Node fetcher, allowed to reach loopback only: fixture pages that reference real CDN hosts
 * (builder look-alikes) must not make a test leave the machine, not even for a DNS lookup.
 */
export function loopbackFetcher(): Fetcher {
  const inner = createNodeFetcher({ allowPrivate: true });
  return {
    fetch(url, options) {
      let host: string;
      try {
        host = new URL(url).hostname;
      } catch {
        return Promise.resolve(failedResource(url, 'invalid_url', 'not a URL'));
      }
      if (!LOOPBACK.has(host)) {
        return Promise.resolve(failedResource(url, 'dns', `tests only reach loopback, not ${host}`));
      }
      return inner.fetch(url, options);
    },
  };
}
