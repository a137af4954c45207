/**
 * The ids of a crawl's page audits cannot be predicted by another account. They used to be derived from the
 * crawl id and the URL alone, and a shared crawl report shows the crawl id: another account could PUT an audit
 * under the id a crawl was about to use (the crawl then failed with an internal error), or learn from the 409
 * which URLs the crawl had visited. Now the derivation is keyed with a secret of the crawl, and an id taken by
 * something else never fails the crawl: its page is stored under a fresh id.
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { pageAuditId } from '../../../../server/crawls/page-audit-id.js';
import { pageAuditSaver } from '../../../../server/crawls/save-page-audit.js';
import { canonicalHash } from '../../../../server/audits/canonical-hash.js';
import { allPages, startCrawlApi, waitForCrawl } from '../../../crawls/helpers/crawl-api.js';
import { startSlowSite } from '../../../crawls/helpers/small-sites.js';
import { extensionAudit } from '../../helpers/extension-audit.js';
import type { TestApi } from '../../helpers/test-api.js';

/** The derivation every crawl used before the key: what another account can compute from a crawl id. */
function unkeyedId(crawlId: string, url: string): string {
  const hex = createHash('sha256').update(`${crawlId}\n${url}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

describe('page-audit ids of a crawl', () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  const api = async (): Promise<TestApi> => {
    const started = await startCrawlApi();
    cleanup.push(() => started.close({ removeData: true }));
    return started;
  };

  it("another account's PUT under the ids the crawl id gives neither fails the crawl nor says what it visited", async () => {
    const a = await api();
    const site = await startSlowSite(6, 150);
    cleanup.push(() => site.close());
    const other = await a.newAccount();
    const { id } = (await a.request('POST', '/api/v1/crawls', { body: { url: site.url } })).json.crawl;
    const urls = [`${site.url}/`, ...Array.from({ length: 6 }, (_, i) => `${site.url}/p/${i + 1}`)];
    // The other account takes every id it can compute, while the crawl runs: each is its own record (201).
    for (const url of urls) {
      const audit = extensionAudit(unkeyedId(id, url));
      const put = await a.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit }, key: other.key });
      expect(put.status, url).toBe(201);
    }
    const crawl = await waitForCrawl(a, id);
    expect([crawl.status, crawl.error]).toEqual(['complete', null]);
    expect(crawl.progress).toMatchObject({ audited: 7, failed: 0 });
    const pages = await allPages(a, id);
    expect(pages.map((p) => p.url).sort()).toEqual([...urls].sort());
    for (const page of pages) {
      expect(page.audit_id).not.toBe(unkeyedId(id, page.url));
      const own = await a.request('GET', `/api/v1/audits/${page.audit_id}`);
      expect([own.status, own.json.audit.crawl_id, own.json.audit.url]).toEqual([200, id, page.url]);
      expect((await a.request('GET', `/api/v1/audits/${page.audit_id}`, { key: other.key })).status).toBe(404);
    }
  });

  it('keys each new crawl: ids differ between crawls of the same URL, and a crawl stored before keys keeps its ids', () => {
    const url = 'https://shop.example/';
    const crawlId = '3f0c2a3e-5b7d-4c1e-9a2b-0d4e6f8a1b2c';
    expect(pageAuditId({ id: crawlId }, url)).toBe(unkeyedId(crawlId, url));
    const one = pageAuditId({ id: crawlId, page_id_key: 'a'.repeat(32) }, url);
    const two = pageAuditId({ id: crawlId, page_id_key: 'b'.repeat(32) }, url);
    expect(one).not.toBe(two);
    expect(one).not.toBe(unkeyedId(crawlId, url));
    expect(one).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(pageAuditId({ id: crawlId, page_id_key: 'a'.repeat(32) }, url)).toBe(one);
  });

  it('an id this account already uses for something else: the page audit gets a fresh id, the other record stays', async () => {
    const a = await api();
    const crawlId = '3f0c2a3e-5b7d-4c1e-9a2b-0d4e6f8a1b2c';
    const mine = extensionAudit();
    expect((await a.request('PUT', `/api/v1/audits/${mine.id}`, { body: { audit: mine } })).status).toBe(201);
    const page = { ...extensionAudit(mine.id), origin: 'crawl' as const, crawl_id: crawlId, url: 'https://shop.example/p/1' };
    const saved = await pageAuditSaver(a.store)(a.accountId, page);
    expect(saved.id).not.toBe(mine.id);
    expect([saved.crawl_id, saved.url]).toEqual([crawlId, page.url]);
    expect(JSON.parse((await a.store.getAuditJson(a.accountId, saved.id))!.toString('utf8')).url).toBe(page.url);
    expect((await a.request('GET', `/api/v1/audits/${mine.id}`)).json.audit.origin).toBe('extension');
    // The same page run again (a resumed crawl) under its own id, audited a moment later: the first one stored is kept.
    const rerun = await pageAuditSaver(a.store)(a.accountId, { ...page, id: saved.id, scanned_at: '2026-11-22T10:00:00.000Z' });
    expect(rerun.id).toBe(saved.id);
    expect(canonicalHash(rerun)).toBe(canonicalHash(saved));
  });
});
