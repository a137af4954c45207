/**
 * A fetcher that has at most `limit` requests in flight: a crawl's page audit keeps within the share of the
 * host's budget the crawl's host gate gave it (1 for a page fetched once; the whole budget for a sample page,
 * whose page is also fetched as each AI agent and as Markdown), so the crawl never has more than
 * CRAWL_HOST_CONCURRENCY requests at the site at once.
 */
import type { Fetcher } from '../types/fetcher.js';

export function limitedFetcher(fetcher: Fetcher, limit: number): Fetcher {
  let active = 0;
  const waiting: Array<() => void> = [];
  /** A finished request hands its slot to the next waiting one (never freed in between). */
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return {
    async fetch(url, options) {
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else active++;
      try {
        return await fetcher.fetch(url, options);
      } finally {
        release();
      }
    },
  };
}
