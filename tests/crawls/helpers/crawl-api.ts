/** The in-process API with crawls on a real SSRF-guarded fetcher (private addresses allowed: fixtures are on 127.0.0.1). */
import { createNodeFetcher } from '../../../server/net/node-fetcher.js';
import type { CrawlSettings } from '../../../server/crawls/crawl-settings.js';
import { startTestApi, type TestApi } from '../../server/helpers/test-api.js';
import { until } from '../../helpers/until.js';

export const FAST_CRAWLS: Partial<CrawlSettings> = { busyPauseMs: 50, maxRetryAfterMs: 2_000 };

export function startCrawlApi(options: { dataDir?: string; crawl?: Partial<CrawlSettings> } = {}): Promise<TestApi> {
  return startTestApi({
    fetcher: createNodeFetcher({ allowPrivate: true }),
    config: { crawlOverrides: { ...FAST_CRAWLS, ...options.crawl } },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
}

/** Polls GET /crawls/{id} until `done` says so (default: the crawl has ended). */
export async function waitForCrawl(
  api: TestApi,
  id: string,
  done: (crawl: any) => boolean = (c) => !['queued', 'running'].includes(c.status),
  key?: string,
) {
  return until(`crawl ${id} to reach the state asked for`, async () => {
    const res = await api.request('GET', `/api/v1/crawls/${id}`, key ? { key } : {});
    return done(res.json.crawl) ? res.json.crawl : undefined;
  });
}

/** Every page of a crawl, following next_cursor. */
export async function allPages(api: TestApi, id: string, query = '', key?: string): Promise<any[]> {
  const pages: any[] = [];
  let cursor: string | null = null;
  do {
    const res = await api.request(
      'GET',
      `/api/v1/crawls/${id}/pages?limit=500${query}${cursor ? `&cursor=${cursor}` : ''}`,
      key ? { key } : {},
    );
    if (res.status !== 200) throw new Error(`pages: ${res.status} ${res.text}`);
    pages.push(...res.json.pages);
    cursor = res.json.next_cursor;
  } while (cursor);
  return pages;
}
