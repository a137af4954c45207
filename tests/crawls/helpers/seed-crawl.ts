/** A finished crawl of `count` pages written straight into a store (no site, no fetching): for exports and benchmarks. */
import type { CrawlStore } from '../../../server/store/contracts/crawls.js';
import { emptySiteFiles, newCrawl, outcome } from './crawl-records.js';

export const SEED_ORIGIN = 'https://shop.example';

/**
 * Page i is `/p/i`, scored `40 + i % 60`; every third has the warning `content.title` and every tenth the
 * critical `http.status`. Page 7 could not be audited, and its error is text a spreadsheet would run as a
 * formula, with a comma and quotes in it; page 8's address has a comma: exports must quote and neutralise.
 */
export async function seedFinishedCrawl(store: CrawlStore, accountId: string, count: number): Promise<string> {
  const crawl = newCrawl(accountId, { url: `${SEED_ORIGIN}/`, max_pages: count });
  await store.createCrawl(crawl, 100);
  await store.startCrawl(crawl.id, {
    start_url: `${SEED_ORIGIN}/`,
    host: 'shop.example',
    started_at: new Date().toISOString(),
    deadline_at: new Date(Date.now() + 3_600_000).toISOString(),
    siteFiles: emptySiteFiles(SEED_ORIGIN),
    site: null,
    notes: [],
  });
  const urls = Array.from({ length: count }, (_, i) => seededUrl(i));
  await store.admit(crawl.id, { pages: urls, skips: [] });
  for (let i = 0; i < count; i++) {
    const issues = [
      ...(i % 3 === 0 ? [{ rule: 'content.title' }] : []),
      ...(i % 10 === 0 ? [{ rule: 'http.status', severity: 'critical' as const, category: 'Crawler Access' as const }] : []),
    ];
    const page =
      i === 7
        ? { ...outcome(urls[i]!, 0), audit_id: null, score: null, error: SEEDED_ERROR, categories: [], issues: [] }
        : outcome(urls[i]!, 40 + (i % 60), issues);
    await store.completePage(crawl.id, { url: urls[i]!, outcome: page });
  }
  await store.finishCrawl(crawl.id, { status: 'complete', finished_at: new Date().toISOString(), error: null, notes: [], site: null });
  return crawl.id;
}

/** Page 7's error: a formula, a comma and quotes. */
export const SEEDED_ERROR = '=HYPERLINK("https://evil.example","open"), then refused';

export function seededUrl(i: number): string {
  return i === 8 ? `${SEED_ORIGIN}/p/8,9` : `${SEED_ORIGIN}/p/${i}`;
}
