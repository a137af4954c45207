/**
 * The 300-page crawl fixture crawled through the API (embedded store): four templates, a sitemap index
 * with a gzip child, pages found only by links and only through hreflang; the rollup's pages per rule equal
 * what the site plants, every page audit is an ordinary audit, and each page is fetched once (sample pages
 * also as each AI agent and as Markdown), each site file once per crawl.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSchema, crawlPageListSchema } from '../../../shared/schema/crawl.js';
import { auditSchema } from '../../../shared/schema/audit.js';
import { probedAgents } from '../../../shared/crawlers/probe-selection.js';
import { SITE_FILES } from '../../../shared/gather/site-files.js';
import type { TestApi } from '../../server/helpers/test-api.js';
import { allPages, startCrawlApi, waitForCrawl } from '../helpers/crawl-api.js';
import { startTemplatedSite, type TemplatedSite } from '../helpers/templated-site.js';

/** A sample page is fetched as a browser, as each AI agent, and with Accept: text/markdown. */
const SAMPLE_FETCHES = 2 + probedAgents('sample').length;

describe('a site audit of a 300-page site with four templates', () => {
  let api: TestApi;
  let fixture: TemplatedSite;
  let crawl: any;

  beforeAll(async () => {
    fixture = await startTemplatedSite({ blog: 120, blogFr: 20, products: 100, docs: 59 });
    api = await startCrawlApi();
    const created = await api.request('POST', '/api/v1/crawls', { body: { url: fixture.site.url, max_pages: 1000 } });
    expect(created.status).toBe(202);
    expect(created.json.crawl).toMatchObject({ status: 'queued', max_pages: 1000, url: fixture.site.url, score: null });
    expect(created.headers.get('location')).toBe(`/api/v1/crawls/${created.json.crawl.id}`);
    crawl = await waitForCrawl(api, created.json.crawl.id);
  }, 120_000);

  afterAll(async () => {
    await api?.close({ removeData: true });
    await fixture?.site.close();
  });

  it('finds and audits every page, by sitemap index (plain and gzip), links and hreflang', () => {
    expect(crawlSchema.parse(crawl)).toEqual(crawl);
    expect(crawl.status).toBe('complete');
    expect(crawl.progress).toEqual({ discovered: 301, audited: 300, failed: 0, skipped: 1 }); // + the link to another host
    expect(crawl.site.sitemaps.map((s: any) => [s.url.replace(fixture.site.url, ''), s.status, s.urls])).toEqual([
      ['/sitemap_index.xml', 'read', 2],
      ['/sitemap-blog.xml', 'read', 120],
      ['/sitemap-products.xml.gz', 'read', 100],
    ]);
  });

  it('counts the pages of each planted issue exactly, with share and examples', () => {
    for (const rule of ['content.single-h1', 'content.meta-description', 'content.image-alt']) {
      const issue = crawl.issues.find((i: any) => i.rule === rule);
      const planted = fixture.pages.filter((p) => p.faults.includes(rule));
      expect(issue, rule).toBeDefined();
      expect(issue.pages, rule).toBe(planted.length);
      expect(issue.share).toBe(Number((planted.length / 300).toFixed(4)));
      expect(issue.examples).toHaveLength(5);
      for (const url of issue.examples) expect(planted.map((p) => `${fixture.site.url}${p.path}`)).toContain(url);
    }
    // No llms.txt: every page has the issue.
    expect(crawl.issues.find((i: any) => i.rule === 'llms-txt.present')).toMatchObject({ pages: 300, share: 1 });
    // Severity first, then pages descending.
    const order = crawl.issues.map((i: any) => [['critical', 'warning', 'notice'].indexOf(i.severity), -i.pages]);
    expect(order).toEqual([...order].sort((a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]!));
  });

  it('groups pages by template and scores the site as the mean of its pages', async () => {
    expect(Object.fromEntries(crawl.templates.map((t: any) => [t.pattern, t.pages]))).toEqual({
      '/': 1,
      '/blog/*': 140,
      '/products/*': 100,
      '/docs/*': 59,
    });
    const pages = await allPages(api, crawl.id);
    expect(pages).toHaveLength(300);
    expect(new Set(pages.map((p) => p.url)).size).toBe(300);
    expect(crawl.score).toBe(Math.round(pages.reduce((sum, p) => sum + p.score, 0) / 300));
    expect(crawl.category_scores.map((c: any) => c.name)).toEqual([
      'Crawler Access',
      'Rendering',
      'Structured Data',
      'Content Structure',
      'AI Discovery',
      'Trust',
    ]);
    expect(crawl.builder).toBeTypeOf('string');
  });

  it('lists the pages of a rule, and each is an ordinary audit with origin crawl and crawl_id', async () => {
    const withoutAlt = await allPages(api, crawl.id, '&rule=content.image-alt');
    expect(withoutAlt.map((p) => p.url).sort()).toEqual(
      fixture.pages
        .filter((p) => p.path.startsWith('/docs/'))
        .map((p) => `${fixture.site.url}${p.path}`)
        .sort(),
    );
    const first = await api.request('GET', `/api/v1/crawls/${crawl.id}/pages?limit=2`);
    expect(crawlPageListSchema.parse(first.json)).toEqual(first.json);
    const audit = await api.request('GET', `/api/v1/audits/${withoutAlt[0].audit_id}`);
    expect(audit.status).toBe(200);
    expect(auditSchema.parse(audit.json.audit)).toMatchObject({
      origin: 'crawl',
      crawl_id: crawl.id,
      url: withoutAlt[0].url,
      score: withoutAlt[0].score,
    });
    expect(audit.json.audit.issues.map((i: any) => i.rule)).toContain('content.image-alt');
  });

  it('fetches each page once, the sample as a browser, as each AI agent and as Markdown, each site file once', () => {
    const sample = new Set(crawl.site.sample.pages.map((u: string) => new URL(u).pathname));
    expect([...sample].sort()).toEqual(['/', '/blog/post-1', '/docs/page-1', '/products/item-1'].sort());
    for (const page of fixture.pages) {
      const count = fixture.site.countOf(page.path);
      const expected = page.path === '/' ? SAMPLE_FETCHES + 1 : sample.has(page.path) ? SAMPLE_FETCHES : 1; // the start page is also asked once where it leads
      expect(count, page.path).toBe(expected);
    }
    for (const file of [
      ...Object.values(SITE_FILES).map((row) => row.path),
      '/sitemap_index.xml',
      '/sitemap-blog.xml',
      '/sitemap-products.xml.gz',
    ]) {
      expect(fixture.site.countOf(file), file).toBe(1);
    }
    expect(fixture.site.countOf('/img/diagram.png')).toBe(0); // images are not fetched
    expect(crawl.site.sample).toMatchObject({ markdown_served: 0, ai_agents_blocked: 0 });
  });
});
