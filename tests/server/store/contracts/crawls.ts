/**
 * What every CrawlStore does (server/store/contracts/crawls.ts), run against memory, lowdb and PostgreSQL:
 * the two-running-crawls limit, newest-first listing, admission (each URL once, max_pages, skipped counts,
 * one sample per template), each page done once with the rollup built as pages arrive, the end of a crawl
 * exactly once, the pages list with its rule filter, and (durable stores) everything again after a reopen.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CrawlStore, StoredCrawl } from '../../../../server/store/contracts/crawls.js';
import { emptySiteFiles, newCrawl, outcome } from '../../../crawls/helpers/crawl-records.js';
import type { CrawlStorePlace, CrawlStoreSubject } from './crawls-subjects.js';

const ORIGIN = 'https://shop.example';
const u = (path: string) => `${ORIGIN}${path}`;

export function describeCrawlStoreContract(subject: CrawlStoreSubject): void {
  describe(`CrawlStore contract: ${subject.name}`, () => {
    let place: CrawlStorePlace;
    let opened: Awaited<ReturnType<CrawlStorePlace['open']>>;
    let store: CrawlStore;
    beforeAll(() => subject.setup(), 60_000);
    afterAll(() => subject.teardown(), 60_000);
    beforeEach(async () => {
      place = await subject.place();
      opened = await place.open();
      store = opened.crawls;
    });
    afterEach(async () => {
      await opened.close();
      await place.dispose();
    });
    const reopen = async () => {
      await opened.close();
      opened = await place.open();
      store = opened.crawls;
    };
    const started = async (overrides: Partial<StoredCrawl> = {}) => {
      const crawl = newCrawl('acct_a', overrides);
      expect(await store.createCrawl(crawl, 2)).toBe('created');
      await store.startCrawl(crawl.id, {
        start_url: u('/'),
        host: 'shop.example',
        started_at: new Date().toISOString(),
        deadline_at: new Date(Date.now() + 60_000).toISOString(),
        siteFiles: emptySiteFiles(ORIGIN),
        site: null,
        notes: [],
      });
      return crawl;
    };

    it('allows two queued or running crawls per account; the third is refused until one ends', async () => {
      const a = newCrawl('acct_a');
      const b = newCrawl('acct_a');
      expect(await store.createCrawl(a, 2)).toBe('created');
      expect(await store.createCrawl(b, 2)).toBe('created');
      expect(await store.createCrawl(newCrawl('acct_a'), 2)).toBe('limit');
      expect(await store.createCrawl(newCrawl('acct_b'), 2)).toBe('created');
      expect(
        await store.finishCrawl(a.id, { status: 'cancelled', finished_at: new Date().toISOString(), error: null, notes: [], site: null }),
      ).toBe(true);
      expect(await store.createCrawl(newCrawl('acct_a'), 2)).toBe('created');
    });

    it('reads a crawl only for its account, and lists them newest first with a cursor', async () => {
      const times = ['2026-01-01T00:00:00.000Z', '2026-01-03T00:00:00.000Z', '2026-01-02T00:00:00.000Z'];
      const made = [];
      for (const t of times) {
        const c = newCrawl('acct_a', { created_at: t });
        await store.createCrawl(c, 10);
        made.push(c);
      }
      expect((await store.getCrawl('acct_a', made[0]!.id))?.url).toBe('https://shop.example/');
      expect(await store.getCrawl('acct_b', made[0]!.id)).toBeNull();
      const first = await store.listCrawls('acct_a', { limit: 2 });
      expect(first.crawls.map((c) => c.created_at)).toEqual([times[1], times[2]]);
      const second = await store.listCrawls('acct_a', { limit: 2, after: first.next! });
      expect(second.crawls.map((c) => c.created_at)).toEqual([times[0]]);
      expect(second.next).toBeNull();
      expect((await store.listCrawls('acct_b', { limit: 5 })).crawls).toEqual([]);
    });

    it('admits each URL once, up to max_pages, counting the rest as skipped, with one sample per template', async () => {
      const crawl = await started({ max_pages: 4 });
      const queued = await store.admit(crawl.id, {
        pages: [u('/'), u('/blog/a'), u('/blog/b'), u('/blog/a')],
        skips: ['https://other.example/x'],
      });
      expect(queued).toEqual([
        { url: u('/'), template: '/', sample: true },
        { url: u('/blog/a'), template: '/blog/*', sample: true },
        { url: u('/blog/b'), template: '/blog/*', sample: false },
      ]);
      const more = await store.admit(crawl.id, {
        pages: [u('/blog/b'), u('/about'), u('/docs/x'), u('/docs/y')],
        skips: ['https://other.example/x'],
        uncounted: 10,
      });
      expect(more.map((q) => q.url)).toEqual([u('/about')]);
      const record = await store.crawlById(crawl.id);
      // discovered: 5 distinct URLs + the other site + 10 uncounted; skipped: /docs/x, /docs/y (over max), the other site, 10
      expect(record!.progress).toEqual({ discovered: 17, audited: 0, failed: 0, skipped: 13 });
      expect((await store.pendingUrls(crawl.id)).map((q) => q.url)).toEqual([u('/'), u('/blog/a'), u('/blog/b'), u('/about')]);
    });

    it('records each page once, admits its links in the same write, and builds the rollup as pages arrive', async () => {
      const crawl = await started();
      await store.admit(crawl.id, { pages: [u('/')], skips: [] });
      const home = outcome(u('/'), 80, [{ rule: 'content.title' }]);
      const done = await store.completePage(crawl.id, {
        url: u('/'),
        outcome: home,
        discovery: { pages: [u('/a'), u('/b'), u('/')], skips: [] },
      });
      expect(done).toEqual({
        recorded: true,
        queued: [
          { url: u('/a'), template: '/*', sample: true },
          { url: u('/b'), template: '/*', sample: false },
        ],
        pending: 2,
      });
      expect(await store.completePage(crawl.id, { url: u('/'), outcome: home, discovery: { pages: [u('/c')], skips: [] } })).toMatchObject({
        recorded: false,
        queued: [],
      });
      expect(await store.isDone(crawl.id, u('/'))).toBe(true);
      expect(await store.isDone(crawl.id, u('/a'))).toBe(false);
      expect((await store.queuedBy(crawl.id, u('/'))).map((q) => q.url)).toEqual([u('/a'), u('/b')]);
      // Two completions of one URL at once: one is recorded.
      const a = outcome(u('/a'), 60, [
        { rule: 'content.title' },
        { rule: 'http.status', severity: 'critical', category: 'Crawler Access' },
      ]);
      const both = await Promise.all([
        store.completePage(crawl.id, { url: u('/a'), outcome: a }),
        store.completePage(crawl.id, { url: u('/a'), outcome: a }),
      ]);
      expect(both.filter((r) => r.recorded)).toHaveLength(1);
      const failed = { ...outcome(u('/b'), 0), audit_id: null, score: null, error: 'timed out', categories: [], issues: [] };
      expect((await store.completePage(crawl.id, { url: u('/b'), outcome: failed })).pending).toBe(0);
      const rollup = await store.rollup(crawl.id);
      expect(rollup.audited).toBe(2);
      expect(rollup.failed).toBe(1);
      expect(rollup.rules['content.title']!.pages).toBe(2);
      expect(rollup.rules['http.status']).toMatchObject({ pages: 1, severity: 'critical', examples: [u('/a')] });
      expect((await store.crawlById(crawl.id))!.progress).toEqual({ discovered: 3, audited: 2, failed: 1, skipped: 0 });
    });

    it('lists pages in the order they were done, filtered by rule, with a cursor; another account gets null', async () => {
      const crawl = await started();
      const urls = ['/', '/a', '/b', '/c', '/d'].map(u);
      await store.admit(crawl.id, { pages: urls, skips: [] });
      for (const [i, url] of urls.entries())
        await store.completePage(crawl.id, { url, outcome: outcome(url, 50 + i, i % 2 ? [{ rule: 'content.title' }] : []) });
      const first = await store.listPages('acct_a', crawl.id, { limit: 2 });
      expect(first!.pages.map((p) => p.url)).toEqual([u('/'), u('/a')]);
      expect(first!.pages[0]).toMatchObject({ score: 50, http_status: 200, critical: false, error: null });
      const rest = await store.listPages('acct_a', crawl.id, { limit: 10, after: first!.next! });
      expect(rest!.pages.map((p) => p.url)).toEqual([u('/b'), u('/c'), u('/d')]);
      expect(rest!.next).toBeNull();
      const titled = await store.listPages('acct_a', crawl.id, { limit: 1, rule: 'content.title' });
      expect(titled!.pages.map((p) => p.url)).toEqual([u('/a')]);
      const titled2 = await store.listPages('acct_a', crawl.id, { limit: 5, rule: 'content.title', after: titled!.next! });
      expect(titled2!.pages.map((p) => p.url)).toEqual([u('/c')]);
      expect(await store.listPages('acct_b', crawl.id, { limit: 5 })).toBeNull();
    });

    it('gives the same pages as whole outcomes, summaries included, and survives a reopen', async () => {
      const crawl = await started();
      const urls = ['/', '/a', '/b'].map(u);
      await store.admit(crawl.id, { pages: urls, skips: [] });
      for (const [i, url] of urls.entries())
        await store.completePage(crawl.id, {
          url,
          outcome: { ...outcome(url, 60 + i, []), summary: { title: `Page ${i}`, description: null } },
        });
      const first = await store.listPageOutcomes('acct_a', crawl.id, { limit: 2 });
      expect(first!.outcomes.map((o) => [o.url, o.summary?.title])).toEqual([
        [u('/'), 'Page 0'],
        [u('/a'), 'Page 1'],
      ]);
      expect(first!.next).toBe((await store.listPages('acct_a', crawl.id, { limit: 2 }))!.next);
      if (subject.durable) await reopen();
      const rest = await store.listPageOutcomes('acct_a', crawl.id, { limit: 5, after: first!.next! });
      expect(rest!.outcomes.map((o) => o.summary)).toEqual([{ title: 'Page 2', description: null }]);
      expect(await store.listPageOutcomes('acct_b', crawl.id, { limit: 5 })).toBeNull();
    });

    it('ends a crawl exactly once: the rest of the queue counts as skipped, the result is the rollup, later pages change nothing', async () => {
      const crawl = await started();
      await store.admit(crawl.id, { pages: [u('/'), u('/a'), u('/b')], skips: [] });
      await store.completePage(crawl.id, { url: u('/'), outcome: outcome(u('/'), 70, [{ rule: 'content.title' }]) });
      const end = { status: 'cancelled' as const, finished_at: new Date().toISOString(), error: null, notes: ['stopped'], site: null };
      const ends = await Promise.all([store.finishCrawl(crawl.id, end), store.finishCrawl(crawl.id, end)]);
      expect(ends.filter(Boolean)).toHaveLength(1);
      expect((await store.completePage(crawl.id, { url: u('/a'), outcome: outcome(u('/a'), 10) })).recorded).toBe(false);
      const record = (await store.crawlById(crawl.id))!;
      expect(record.status).toBe('cancelled');
      expect(record.progress).toEqual({ discovered: 3, audited: 1, failed: 0, skipped: 2 });
      expect(record.notes).toEqual(['stopped']);
      expect(record.result).toMatchObject({
        score: 70,
        issues: [{ rule: 'content.title', pages: 1, share: 1 }],
        templates: [{ pattern: '/', pages: 1, score: 70 }],
      });
      expect(await store.pendingUrls(crawl.id)).toEqual([]);
      expect(await store.unfinishedCrawls()).toEqual([]);
    });

    if (subject.durable)
      it('keeps a running crawl across a reopen: queue, done set, counters, rollup and site files', async () => {
        const crawl = await started();
        await store.admit(crawl.id, { pages: [u('/'), u('/a'), u('/b')], skips: ['https://other.example/'] });
        await store.completePage(crawl.id, {
          url: u('/'),
          outcome: outcome(u('/'), 90, [{ rule: 'content.title' }]),
          discovery: { pages: [u('/c')], skips: [] },
        });
        await reopen();
        expect((await store.unfinishedCrawls()).map((c) => c.id)).toEqual([crawl.id]);
        expect((await store.pendingUrls(crawl.id)).map((q) => q.url)).toEqual([u('/a'), u('/b'), u('/c')]);
        expect(await store.isDone(crawl.id, u('/'))).toBe(true);
        expect((await store.crawlById(crawl.id))!.progress).toEqual({ discovered: 5, audited: 1, failed: 0, skipped: 1 });
        expect((await store.rollup(crawl.id)).rules['content.title']!.pages).toBe(1);
        expect((await store.siteFiles(crawl.id))?.origin).toBe(ORIGIN);
        expect((await store.completePage(crawl.id, { url: u('/'), outcome: outcome(u('/'), 90) })).recorded).toBe(false);
        // Admission continues where it was: /c is not queued twice, the count of queued URLs is kept.
        expect(await store.admit(crawl.id, { pages: [u('/c'), u('/d')], skips: [] })).toEqual([
          { url: u('/d'), template: '/*', sample: false },
        ]);
        await store.finishCrawl(crawl.id, {
          status: 'complete',
          finished_at: new Date().toISOString(),
          error: null,
          notes: [],
          site: null,
        });
        await reopen();
        const pages = await store.listPages('acct_a', crawl.id, { limit: 10 });
        expect(pages!.pages.map((p) => p.url)).toEqual([u('/')]);
        expect((await store.crawlById(crawl.id))!.status).toBe('complete');
      });

    if (subject.durable)
      it('counts a skipped URL once across a reopen: a link to another host found again after it is not counted again', async () => {
        const crawl = await started();
        await store.admit(crawl.id, { pages: [u('/'), u('/a'), u('/b')], skips: [] });
        await store.completePage(crawl.id, {
          url: u('/'),
          outcome: outcome(u('/'), 90),
          discovery: { pages: [u('/a')], skips: ['https://other.example/'] },
        });
        await reopen();
        await store.completePage(crawl.id, {
          url: u('/a'),
          outcome: outcome(u('/a'), 80),
          discovery: { pages: [u('/')], skips: ['https://other.example/', 'https://third.example/'] },
        });
        expect((await store.crawlById(crawl.id))!.progress).toEqual({ discovered: 5, audited: 2, failed: 0, skipped: 2 });
        await reopen();
        await store.completePage(crawl.id, {
          url: u('/b'),
          outcome: outcome(u('/b'), 70),
          discovery: { pages: [], skips: ['https://third.example/', 'https://other.example/'] },
        });
        expect((await store.crawlById(crawl.id))!.progress).toEqual({ discovered: 5, audited: 3, failed: 0, skipped: 2 });
      });

    it('keeps why URLs were skipped with the crawl (its tally): each URL once per reason, pages skipped after queueing, 429s, notes', async () => {
      const crawl = await started({ max_pages: 10 });
      const note = 'The sitemap https://shop.example/big.xml is larger than 16 MB; URLs after that were not read.';
      await store.admit(crawl.id, {
        pages: [u('/'), u('/a'), u('/b')],
        skips: [],
        skipsBy: { robots: [u('/private/1')], off_site: ['http://shop.example/x'] },
        notes: [note],
      });
      await store.completePage(crawl.id, {
        url: u('/'),
        outcome: outcome(u('/'), 90),
        busy: 2,
        discovery: { pages: [], skips: [], skipsBy: { off_host: ['https://other.example/'], robots: [u('/private/1'), u('/private/2')] } },
      });
      if (subject.durable) await reopen();
      await store.completePage(crawl.id, { url: u('/a'), outcome: null, skip: 'redirected' });
      await store.completePage(crawl.id, {
        url: u('/b'),
        outcome: outcome(u('/b'), 80),
        discovery: { pages: [], skips: [], skipsBy: { off_host: ['https://other.example/', 'https://third.example/'] }, notes: [note] },
      });
      if (subject.durable) await reopen();
      const tally = { robots: 2, off_host: 2, off_site: 1, redirected: 1, busy: 2, notes: [note] };
      expect((await store.crawlById(crawl.id))!.tally).toEqual(tally);
      expect((await store.crawlById(crawl.id))!.progress).toEqual({ discovered: 8, audited: 2, failed: 0, skipped: 6 });
      await store.finishCrawl(crawl.id, { status: 'complete', finished_at: new Date().toISOString(), error: null, notes: [], site: null });
      if (subject.durable) await reopen();
      expect((await store.crawlById(crawl.id))!.tally).toEqual(tally);
    });
  });
}
