/**
 * The crawl routes of docs/api-decisions.md#crawls in-process: validation (400), the third running crawl (429 with
 * the contract's body), other accounts (404), cancel, the list, the pages filter, and a server restarted
 * mid-crawl resuming it with each page audited once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { probedAgents } from '../../../../shared/crawlers/probe-selection.js';
import { crawlListSchema } from '../../../../shared/schema/crawl.js';
import { until } from '../../../helpers/until.js';
import { allPages, startCrawlApi, waitForCrawl } from '../../../crawls/helpers/crawl-api.js';
import { startSlowSite } from '../../../crawls/helpers/small-sites.js';
import type { ServedSite } from '../../../crawls/helpers/crawl-site.js';

describe('crawl routes', () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  const api = async (options: Parameters<typeof startCrawlApi>[0] = {}) => {
    const started = await startCrawlApi(options);
    cleanup.push(() => started.close({ removeData: true }));
    return started;
  };
  const site = async (n: number, delayMs: number) => {
    const served = await startSlowSite(n, delayMs);
    cleanup.push(() => served.close());
    return served;
  };

  it('refuses bad input with 400 and the reason', async () => {
    const a = await api();
    const cases: Array<[unknown, string]> = [
      [{}, 'url is required: give an http(s) URL or a bare host such as example.com'],
      [{ url: 'ftp://example.com' }, 'only http and https URLs can be audited, not ftp:'],
      [{ url: 'example.com', max_pages: 0 }, 'max_pages must be an integer from 1 to 10,000'],
      [{ url: 'example.com', max_pages: 10_001 }, 'max_pages must be an integer from 1 to 10,000'],
      [{ url: 'example.com', max_pages: 2.5 }, 'max_pages must be an integer from 1 to 10,000'],
      [{ url: 'example.com', max_pages: '50' }, 'max_pages must be an integer from 1 to 10,000'],
    ];
    for (const [body, error] of cases) {
      const res = await a.request('POST', '/api/v1/crawls', { body });
      expect([res.status, res.json]).toEqual([400, { error }]);
    }
    expect((await a.request('POST', '/api/v1/crawls', { body: { url: 'example.com' }, key: null })).status).toBe(401);
    expect((await a.request('GET', '/api/v1/crawls/not-a-uuid')).json).toEqual({ error: 'Crawl not found' });
    expect((await a.request('GET', '/api/v1/crawls?limit=0')).status).toBe(400);
    expect((await a.request('GET', '/api/v1/crawls?cursor=zzz')).status).toBe(400);
  });

  it('allows two running crawls per account: the third is 429 with the contract body; other accounts see 404', async () => {
    const a = await api();
    const s = await site(6, 300);
    const ids = [];
    for (let i = 0; i < 2; i++) ids.push((await a.request('POST', '/api/v1/crawls', { body: { url: s.url } })).json.crawl.id);
    const third = await a.request('POST', '/api/v1/crawls', { body: { url: s.url } });
    expect(third.status).toBe(429);
    expect(third.json).toEqual({ error: 'Rate limit exceeded: max 2 running crawls' });
    expect(third.headers.get('retry-after')).toBe('60');
    const other = await a.newAccount();
    for (const [method, path] of [
      ['GET', `/api/v1/crawls/${ids[0]}`],
      ['GET', `/api/v1/crawls/${ids[0]}/pages`],
      ['DELETE', `/api/v1/crawls/${ids[0]}`],
    ] as const) {
      const res = await a.request(method, path, { key: other.key });
      expect([res.status, res.json], `${method} ${path}`).toEqual([404, { error: 'Crawl not found' }]);
    }
    // Another account has its own two.
    expect((await a.request('POST', '/api/v1/crawls', { body: { url: s.url }, key: other.key })).status).toBe(202);
    // Once one ends, the account may start another.
    await a.request('DELETE', `/api/v1/crawls/${ids[0]}`);
    expect((await a.request('POST', '/api/v1/crawls', { body: { url: s.url } })).status).toBe(202);
  });

  it('cancels a running crawl with what it audited; a finished crawl is returned unchanged', async () => {
    const a = await api();
    const s = await site(20, 150);
    const { id } = (await a.request('POST', '/api/v1/crawls', { body: { url: s.url } })).json.crawl;
    await waitForCrawl(a, id, (c) => c.progress.audited >= 2);
    const cancelled = await a.request('DELETE', `/api/v1/crawls/${id}`);
    expect(cancelled.status).toBe(200);
    const crawl = cancelled.json.crawl;
    expect(crawl.status).toBe('cancelled');
    expect(crawl.finished_at).not.toBeNull();
    expect(crawl.progress.audited).toBeGreaterThanOrEqual(2);
    expect(crawl.progress.audited).toBeLessThan(21);
    expect(crawl.progress.audited + crawl.progress.failed + crawl.progress.skipped).toBe(crawl.progress.discovered);
    expect(crawl.score).toBeTypeOf('number');
    expect(crawl.notes).toContain('Cancelled: the pages still queued were not audited (counted as skipped).');
    expect((await allPages(a, id)).length).toBe(crawl.progress.audited);
    const again = await a.request('DELETE', `/api/v1/crawls/${id}`);
    expect(again.json.crawl).toEqual(crawl);
    // Nothing is fetched after the cancel has answered.
    const before = s.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(s.requests.length).toBe(before);
  });

  it('lists crawls newest first with a cursor; refuses an unknown rule', async () => {
    const a = await api();
    const s = await site(1, 0);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { id } = (await a.request('POST', '/api/v1/crawls', { body: { url: s.url, max_pages: 1 } })).json.crawl;
      ids.push(id);
      await waitForCrawl(a, id);
    }
    const first = await a.request('GET', '/api/v1/crawls?limit=2');
    expect(crawlListSchema.parse(first.json)).toEqual(first.json);
    expect(first.json.crawls.map((c: any) => c.id)).toEqual([ids[2], ids[1]]);
    const second = await a.request('GET', `/api/v1/crawls?limit=2&cursor=${first.json.next_cursor}`);
    expect(second.json).toMatchObject({ crawls: [{ id: ids[0], status: 'complete', progress: { audited: 1 } }], next_cursor: null });
    expect((await a.request('GET', `/api/v1/crawls/${ids[0]}/pages?rule=no.such-rule`)).json).toEqual({
      error: "rule must be a rule id, as in the crawl's issues[].rule (such as content.title)",
    });
    expect((await a.request('GET', `/api/v1/crawls/${ids[0]}/pages?cursor=bad`)).status).toBe(400);
  });

  it('resumes a crawl after the server restarts mid-crawl, each page audited once', async () => {
    const s: ServedSite = await site(24, 60);
    const first = await startCrawlApi();
    const { id } = (await first.request('POST', '/api/v1/crawls', { body: { url: s.url } })).json.crawl;
    await waitForCrawl(first, id, (c) => c.progress.audited >= 5);
    await first.close(); // stops its crawls without ending them, keeps the data directory
    const second = await api({ dataDir: first.dataDir });
    const key = first.key; // the crawl's account, in the same data directory
    const interrupted = (await second.request('GET', `/api/v1/crawls/${id}`, { key })).json.crawl;
    expect(interrupted.status).toBe('running');
    expect(interrupted.progress.audited).toBeLessThan(25);
    await second.citable.crawls.start();
    const crawl = await waitForCrawl(second, id, undefined, key);
    expect(crawl.status).toBe('complete');
    expect(crawl.progress).toMatchObject({ audited: 25, failed: 0, skipped: 1 }); // every page's link to another host, counted once across the restart
    const pages = await allPages(second, id, '', key);
    expect(pages).toHaveLength(25);
    expect(new Set(pages.map((p) => p.url)).size).toBe(25);
    // A page the first server was still fetching when it stopped is fetched again; no page is recorded twice.
    for (let i = 1; i <= 24; i++)
      expect(s.countOf(`/p/${i}`), `/p/${i}`).toBeLessThanOrEqual(i === 1 ? 2 + probedAgents('sample').length + 1 : 2);
    await until("the second server to serve a page's audit", async () =>
      (await second.request('GET', `/api/v1/audits/${pages[3].audit_id}`, { key })).status === 200 ? true : undefined,
    );
  });
});
