import type { ApiClient } from '../api/client.js';
import type { Crawl } from '../api/types.js';
import { t } from '../i18n/t.js';

/** The site a page belongs to, as a crawl's start URL: its origin's home page. */
export function siteStartUrl(pageUrl: string): string {
  return `${new URL(pageUrl).origin}/`;
}

export const NO_CRAWLS = t('crawlNoCrawls');

/** `POST /crawls` (docs/api-decisions.md#crawls) for the page's site; a server without the route says so in words. */
export async function startSiteCrawl(api: ApiClient, pageUrl: string): Promise<{ crawl: Crawl } | { error: string }> {
  const res = await api.post<{ crawl: Crawl }>('/crawls', { url: siteStartUrl(pageUrl) });
  if (res.ok) return { crawl: res.data.crawl };
  return { error: res.status === 404 || res.status === 405 ? NO_CRAWLS : res.error };
}
