/**
 * A crawl's client report (docs/api-decisions.md#reports-shares-and-diffs) from the crawl store: GET /crawls/{id}/report with the worst
 * pages and the site's earlier crawl, POST /crawls/{id}/share and the shared report without a key (no history).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareEnvelopeSchema } from '../../../../shared/schema/reports.js';
import type { TestApi } from '../../helpers/test-api.js';
import { allPages, startCrawlApi, waitForCrawl } from '../../../crawls/helpers/crawl-api.js';
import type { ServedSite } from '../../../crawls/helpers/crawl-site.js';
import { startSlowSite } from '../../../crawls/helpers/small-sites.js';

describe('crawl reports and share links', () => {
  let api: TestApi;
  let site: ServedSite;
  const crawls: any[] = [];

  beforeAll(async () => {
    site = await startSlowSite(4, 0);
    api = await startCrawlApi();
    for (let i = 0; i < 2; i++) {
      const { id } = (await api.request('POST', '/api/v1/crawls', { body: { url: site.url } })).json.crawl;
      crawls.push(await waitForCrawl(api, id));
    }
  }, 60_000);
  afterAll(async () => {
    await api?.close({ removeData: true });
    await site?.close();
  });

  it('answers the HTML report with the site score, the worst pages and the earlier crawl of the same URL', async () => {
    const [earlier, latest] = crawls;
    expect(latest.status).toBe('complete');
    const res = await api.request('GET', `/api/v1/crawls/${latest.id}/report`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = res.text;
    expect(html).toContain('Pages to fix first');
    for (const page of await allPages(api, latest.id))
      expect(html).toContain(new URL(page.url).pathname === '/' ? site.url.replace(/^https?:\/\//, '') : new URL(page.url).pathname);
    expect(html).toContain(`scored ${earlier.score} on`);
    expect(html).toContain('(2 audits)');
    expect(html).not.toContain('<script');
  });

  it("refuses a bad format (400), another account's crawl and an unknown one (404)", async () => {
    const id = crawls[1].id;
    expect((await api.request('GET', `/api/v1/crawls/${id}/report?format=docx`)).json).toEqual({ error: 'format must be html or pdf' });
    const other = await api.newAccount();
    for (const [method, path] of [
      ['GET', `/api/v1/crawls/${id}/report`],
      ['POST', `/api/v1/crawls/${id}/share`],
    ] as const) {
      expect([(await api.request(method, path, { key: other.key })).json]).toEqual([{ error: 'Crawl not found' }]);
    }
    expect((await api.request('GET', '/api/v1/crawls/00000000-0000-4000-8000-000000000000/report')).status).toBe(404);
  });

  it('shares the report: the link opens without a key, with noindex, and shows the shared crawl alone', async () => {
    const created = await api.request('POST', `/api/v1/crawls/${crawls[1].id}/share`, { body: { expires_in_days: 3 } });
    expect(created.status).toBe(201);
    const { share } = shareEnvelopeSchema.parse(created.json);
    const res = await fetch(share.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    expect(html).toContain('Pages to fix first');
    expect(html).not.toContain('Site score over time'); // a shared report has no earlier crawls
    expect((await api.request('GET', '/api/v1/shares')).json.shares.map((s: any) => s.id)).toContain(share.id);
  });
});
