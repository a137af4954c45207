/** The `crawl` object of the API (docs/api-decisions.md#crawls) from a stored crawl: progress while it runs, the rollup once it has ended. */
import type { Crawl, CrawlSummary } from '../../shared/schema/crawl.js';
import type { StoredCrawl } from '../store/contracts/crawls.js';

export function crawlWire(stored: StoredCrawl): Crawl {
  const result = stored.result;
  return {
    id: stored.id,
    url: stored.url,
    status: stored.status,
    max_pages: stored.max_pages,
    render: stored.render ?? 'none',
    created_at: stored.created_at,
    started_at: stored.started_at,
    finished_at: stored.finished_at,
    progress: { ...stored.progress },
    score: result?.score ?? null,
    category_scores: result?.category_scores ?? [],
    builder: result?.builder ?? null,
    issues: result?.issues ?? [],
    templates: result?.templates ?? [],
    site: stored.site,
    error: stored.error,
    notes: [...stored.notes],
  };
}

export function crawlSummaryWire(stored: StoredCrawl): CrawlSummary {
  const { id, url, status, max_pages, created_at, finished_at, progress, score } = crawlWire(stored);
  return { id, url, status, max_pages, created_at, finished_at, progress, score };
}
