/**
 * GET /audits/{id}/fixes and GET /crawls/{id}/fixes in-process against a real fixture site: the contract's shape,
 * the policy parameter, other accounts (404), and the round trip through the API: the fixes applied to the site,
 * the next audit's diff lists them in fixes_applied, and a crawl's llms.txt names every page it audited.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fixListSchema } from '../../../../shared/schema/fixes.js';
import { validateLlmsTxt } from '../../../../shared/llms-txt/validate.js';
import type { Fix } from '../../../../shared/fixes/types.js';
import { ARTICLE_PATH } from '../../../fixtures/sites/good-article.js';
import { fixesArticle, fixesSite } from '../../../fixtures/sites/fixes-site.js';
import { applyFixes, loadWorker, startFixedSite, type FixedSite } from '../../../fixes/fixed-site.js';
import { startCrawlApi, waitForCrawl } from '../../../crawls/helpers/crawl-api.js';
import type { TestApi } from '../../helpers/test-api.js';

const MEMBERS = ['content', 'explanation', 'id', 'kind', 'media_type', 'path', 'preview', 'rules', 'title'];

describe('fix routes', () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  const setup = async (): Promise<{ api: TestApi; site: FixedSite }> => {
    const api = await startCrawlApi();
    cleanup.push(() => api.close({ removeData: true }));
    const site = await startFixedSite(fixesSite);
    cleanup.push(() => site.close());
    return { api, site };
  };
  const auditOf = async (api: TestApi, url: string) => (await api.request('POST', '/api/v1/audits', { body: { url } })).json.audit;

  it("answers an audit's fixes in the contract's shape, with the policy, and 404 for another account", async () => {
    const { api, site } = await setup();
    const audit = await auditOf(api, `${site.url}${ARTICLE_PATH}`);
    const res = await api.request('GET', `/api/v1/audits/${audit.id}/fixes`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(['fixes']);
    expect(fixListSchema.parse(res.json)).toEqual(res.json);
    for (const fix of res.json.fixes) expect(Object.keys(fix).sort()).toEqual(MEMBERS);
    const robots = res.json.fixes.find((f: Fix) => f.path === '/robots.txt');
    expect(robots).toMatchObject({
      kind: 'file',
      media_type: 'text/plain; charset=utf-8',
      rules: expect.arrayContaining(['robots.search-agents-blocked']),
    });
    expect(new Set(res.json.fixes.map((f: Fix) => f.id)).size).toBe(res.json.fixes.length);
    // The same problems on the same target: the same ids.
    const again = await api.request('GET', `/api/v1/audits/${audit.id.toUpperCase()}/fixes?policy=keep-training-choices`);
    expect(again.json.fixes.map((f: Fix) => f.id)).toEqual(res.json.fixes.map((f: Fix) => f.id));
    const allowAll = await api.request('GET', `/api/v1/audits/${audit.id}/fixes?policy=allow-all`);
    expect(allowAll.json.fixes.find((f: Fix) => f.path === '/robots.txt').rules).toContain('robots.training-agents-blocked');

    expect((await api.request('GET', `/api/v1/audits/${audit.id}/fixes?policy=everything`)).json).toEqual({
      error: 'policy must be keep-training-choices, allow-all or block-training',
    });
    const other = await api.newAccount();
    const foreign = await api.request('GET', `/api/v1/audits/${audit.id}/fixes`, { key: other.key });
    expect([foreign.status, foreign.json]).toEqual([404, { error: 'Audit not found' }]);
    expect((await api.request('GET', '/api/v1/audits/not-a-uuid/fixes')).status).toBe(404);
  });

  it('lists the applied fixes in the next audit’s diff', async () => {
    const { api, site } = await setup();
    const before = await auditOf(api, `${site.url}${ARTICLE_PATH}`);
    const fixes: Fix[] = (await api.request('GET', `/api/v1/audits/${before.id}/fixes`)).json.fixes;
    site.routes = applyFixes(site.routes, ARTICLE_PATH, fixesArticle(), fixes);
    site.worker = await loadWorker(fixes.find((f) => f.title.includes('Cloudflare Worker'))!);
    const after = await auditOf(api, `${site.url}${ARTICLE_PATH}`);
    const diff = (await api.request('GET', `/api/v1/audits/${after.id}/diff`)).json.diff;
    expect(diff.from).toBe(before.id);
    expect([...diff.fixes_applied].sort()).toEqual(
      fixes
        .filter((f) => f.rules.length)
        .map((f) => f.id)
        .sort(),
    );
    expect(diff.new_issues).toEqual([]);
  });

  it("answers a crawl's fixes: llms.txt from every page it audited, and 404 for another account", async () => {
    const { api, site } = await setup();
    const created = await api.request('POST', '/api/v1/crawls', { body: { url: site.url, max_pages: 10 } });
    expect(created.status).toBe(202);
    await waitForCrawl(api, created.json.crawl.id);
    const res = await api.request('GET', `/api/v1/crawls/${created.json.crawl.id}/fixes`);
    expect(res.status).toBe(200);
    expect(fixListSchema.parse(res.json)).toEqual(res.json);
    const llms = res.json.fixes.find((f: Fix) => f.path === '/llms.txt');
    expect(validateLlmsTxt(llms.content).problems.filter((p) => p.severity === 'error')).toEqual([]);
    for (const title of [
      'Brew Notes: coffee guides',
      'Coffee brewing guides',
      'About Brew Notes',
      'Contact Brew Notes',
      'How to brew pour-over coffee',
    ])
      expect(llms.content).toContain(`[${title}](`);
    expect(llms.content).toContain(': Every brewing guide on Brew Notes, from pour-over to French press');
    expect(res.json.fixes.find((f: Fix) => f.kind === 'snippet')?.path).toBe('/');

    const other = await api.newAccount();
    const foreign = await api.request('GET', `/api/v1/crawls/${created.json.crawl.id}/fixes`, { key: other.key });
    expect([foreign.status, foreign.json]).toEqual([404, { error: 'Crawl not found' }]);

    site.routes = {
      ...site.routes,
      ...Object.fromEntries(
        res.json.fixes
          .filter((f: Fix) => f.kind === 'file')
          .map((f: Fix) => [f.path, { status: 200, headers: { 'content-type': f.media_type }, body: f.content }]),
      ),
    };
    const audit = await auditOf(api, `${site.url}/`);
    const still = new Set(audit.issues.map((i: { rule: string }) => i.rule));
    for (const fix of res.json.fixes.filter((f: Fix) => f.kind === 'file'))
      for (const rule of fix.rules) expect(still.has(rule), rule).toBe(false);
  });
});
