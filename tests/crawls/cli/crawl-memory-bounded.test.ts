/**
 * `citable crawl` keeps no record per page (a 10,000-page crawl's peak memory close to a 1,000-page
 * one's): after N pages its store holds the crawl's record, the rollup and the frontier (the URLs seen, queued
 * and done: what makes each page audited once), and the report's shortlist holds at most SHORTLIST_SIZE
 * pages of each kind. Measured as the serialized size of the store's per-crawl state without the frontier,
 * which must not grow from 100 pages to 1,000 (a list of page rows would add about 1 KB a page).
 */
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { createCliCrawlStore, SHORTLIST_SIZE } from '../../../server/cli/crawl/local-crawl.js';
import { PageShortlist } from '../../../server/cli/crawl/page-shortlist.js';
import type { CrawlPage } from '../../../shared/schema/crawl.js';
import type { CrawlState, MemoryCrawlStore } from '../../../server/store/memory/crawls.js';
import { emptySiteFiles, newCrawl, outcome } from '../helpers/crawl-records.js';

const ORIGIN = 'https://shop.example';
/** The frontier: one entry per URL by necessity (the seen and done sets, the queue, who queued what). */
const FRONTIER = new Set(['seen', 'done', 'pending', 'children']);

async function crawlOf(pages: number) {
  const { store, shortlist } = createCliCrawlStore();
  const crawl = newCrawl('cli', { max_pages: pages });
  await store.createCrawl(crawl, 1);
  const now = new Date().toISOString();
  await store.startCrawl(crawl.id, {
    start_url: `${ORIGIN}/`,
    host: 'shop.example',
    started_at: now,
    deadline_at: now,
    siteFiles: emptySiteFiles(ORIGIN),
    site: null,
    notes: [],
  });
  const urls = Array.from({ length: pages }, (_, i) => `${ORIGIN}/blog/post-${i}`);
  await store.admit(crawl.id, { pages: urls, skips: [] });
  for (const [i, url] of urls.entries()) {
    const page =
      i % 10 === 9
        ? { ...outcome(url, 0), audit_id: null, score: null, error: 'timed out', categories: [], issues: [] }
        : outcome(url, 40 + ((i * 37) % 60), [
            { rule: 'content.title' },
            { rule: 'content.meta-description' },
            { rule: i % 2 ? 'content.image-alt' : 'content.single-h1' },
          ]);
    expect((await store.completePage(crawl.id, { url, outcome: page })).recorded).toBe(true);
  }
  return { store, shortlist, id: crawl.id };
}

function stateBytes(store: MemoryCrawlStore, id: string): number {
  const state = (store as unknown as { live: Map<string, CrawlState> }).live.get(id)!;
  const kept = Object.fromEntries(Object.entries(state).filter(([key]) => !FRONTIER.has(key)));
  return serialize(kept).length;
}

describe('citable crawl memory per page', () => {
  it('holds no page records: the state without the frontier is the same size after 100 and 1,000 pages', async () => {
    const small = await crawlOf(100);
    const large = await crawlOf(1_000);
    expect((await large.store.crawlById(large.id))!.progress).toMatchObject({ audited: 900, failed: 100 });
    const growth = stateBytes(large.store, large.id) - stateBytes(small.store, small.id);
    expect(growth).toBeLessThan(200); // a few counters have one more digit
    expect(await large.store.listPages('cli', large.id, { limit: 10 })).toEqual({ pages: [], next: null });
  });

  it('keeps at most SHORTLIST_SIZE audited and SHORTLIST_SIZE failed pages for the report, the worst ones', async () => {
    const { shortlist } = await crawlOf(1_000);
    const pages = shortlist.pages();
    const audited = pages.filter((p) => p.score !== null);
    const failed = pages.filter((p) => p.score === null);
    expect(audited).toHaveLength(SHORTLIST_SIZE);
    expect(failed).toHaveLength(SHORTLIST_SIZE);
    expect(Math.max(...audited.map((p) => p.score!))).toBeLessThanOrEqual(41); // scores 40..99: the lowest are 40 and 41
    expect(failed.map((p) => p.url)).toEqual(Array.from({ length: SHORTLIST_SIZE }, (_, i) => `${ORIGIN}/blog/post-${i * 10 + 9}`));
  });

  it('the shortlist gives the reports the same worst pages as the whole list would (ties: the page done first)', () => {
    const shortlist = new PageShortlist(SHORTLIST_SIZE);
    const all: CrawlPage[] = [];
    let seed = 7;
    for (let i = 0; i < 2_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      const score = seed % 7 === 0 ? null : seed % 30; // many ties
      const page = {
        url: `${ORIGIN}/p/${i}`,
        audit_id: null,
        score,
        http_status: 200,
        critical: false,
        error: score === null ? 'failed' : null,
      };
      all.push(page);
      shortlist.add(page);
    }
    const worst = (pages: CrawlPage[]) =>
      pages
        .filter((p) => p.score !== null)
        .sort((a, b) => a.score! - b.score!)
        .slice(0, SHORTLIST_SIZE);
    const firstFailed = (pages: CrawlPage[]) => pages.filter((p) => p.score === null).slice(0, SHORTLIST_SIZE);
    const kept = shortlist.pages();
    expect(kept.length).toBe(2 * SHORTLIST_SIZE);
    expect(worst(kept)).toEqual(worst(all));
    expect(firstFailed(kept)).toEqual(firstFailed(all));
    expect(kept).toEqual(all.filter((p) => kept.includes(p))); // in the order they were done
  });
});
