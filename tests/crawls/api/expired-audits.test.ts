/**
 * A site audit whose page audits expired (RETENTION_DAYS, docs/operations.md#retention): after the store's
 * retention pass the crawl still answers, its pages list marks the page whose audit is gone with
 * `audit_expired: true` (keeping its score), its report renders and says which audits expired, and the
 * expired audit's GET is a 404 saying old audits are removed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalHash } from '../../../server/audits/canonical-hash.js';
import { newCrawlRecord } from '../../../server/crawls/new-crawl.js';
import { extensionAudit } from '../../server/helpers/extension-audit.js';
import { startTestApi, type TestApi } from '../../server/helpers/test-api.js';
import { emptySiteFiles, outcome } from '../helpers/crawl-records.js';

const DAY = 86_400_000;

describe('a crawl whose page audits expired', () => {
  let api: TestApi;
  let crawlId: string;
  let oldAudit: string;
  let newAudit: string;
  beforeAll(async () => {
    api = await startTestApi({ config: { retentionDays: 30 } });
    const now = Date.now();
    const put = async (url: string, ms: number) => {
      const audit = { ...extensionAudit(), url, final_url: url, scanned_at: new Date(ms).toISOString() };
      await api.store.putAudit(api.accountId, audit, canonicalHash(audit));
      return audit.id;
    };
    const [home, about] = ['https://shop.example/', 'https://shop.example/about'];
    oldAudit = await put(home, now - 40 * DAY);
    newAudit = await put(about, now - DAY);
    const crawls = await api.store.crawls();
    const record = newCrawlRecord(api.accountId, home, 10, new Date(now - 40 * DAY));
    crawlId = record.id;
    await crawls.createCrawl(record, 5);
    await crawls.startCrawl(crawlId, {
      start_url: home,
      host: 'shop.example',
      started_at: record.created_at,
      deadline_at: new Date(now).toISOString(),
      siteFiles: emptySiteFiles(),
      site: null,
      notes: [],
    });
    await crawls.admit(crawlId, { pages: [home, about], skips: [] });
    await crawls.completePage(crawlId, { url: home, outcome: outcome(home, 40, [{ rule: 'content.title' }], { audit_id: oldAudit }) });
    await crawls.completePage(crawlId, { url: about, outcome: outcome(about, 90, [], { audit_id: newAudit }) });
    await crawls.finishCrawl(crawlId, { status: 'complete', finished_at: record.created_at, error: null, notes: [], site: null });
    expect(await api.store.expireBefore(new Date(now - 30 * DAY))).toMatchObject({ audits: 1 });
  });
  afterAll(() => api.close({ removeData: true }));

  it('lists its pages, marking the one whose audit expired and keeping its score', async () => {
    const res = await api.request('GET', `/api/v1/crawls/${crawlId}/pages`);
    expect(res.status).toBe(200);
    expect(res.json.pages.map((p: Record<string, unknown>) => [p.audit_id, p.score, p.audit_expired])).toEqual([
      [oldAudit, 40, true],
      [newAudit, 90, undefined],
    ]);
    expect((await api.request('GET', `/api/v1/crawls/${crawlId}`)).status).toBe(200);
  });

  it('renders its report, saying which page audit expired', async () => {
    const res = await api.request('GET', `/api/v1/crawls/${crawlId}/report?format=html`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('The full audit of 1 page expired (the retention period removed it)');
    const rows = res.text.split('<tr').filter((row) => row.includes('data-page-score'));
    expect(rows.map((row) => [row.includes('data-page-score="40"'), row.includes('(audit expired)')])).toEqual([
      [true, true],
      [false, false],
    ]);
  });

  it('answers the expired audit with a 404 that names the retention period, and still serves the other', async () => {
    const res = await api.request('GET', `/api/v1/audits/${oldAudit}`);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'Audit not found: no audit has this id, or it was older than 30 days and removed (RETENTION_DAYS)' });
    expect((await api.request('GET', `/api/v1/audits/${newAudit}`)).status).toBe(200);
  });
});
