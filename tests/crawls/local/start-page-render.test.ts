/**
 * A crawl that renders its start page does not wait for that render to start its other pages: once the start
 * page's fetches are done the sitemaps' URLs are admitted and crawled while it renders; its own links still come
 * after them. The renderer here answers the start page only once another page has been fetched (else it gives up
 * after a few seconds and the crawl shows it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlWithHeldRenders } from '../helpers/rendered-local-crawl.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { until } from '../../helpers/until.js';

const page = (title: string, links: string[] = []) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>
<p>${`${title} is a page of a small roastery site with enough words to be read as an article. `.repeat(8)}</p>
${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</main></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  const urls = ['/beans/a', '/beans/b', '/beans/c'];
  site = await startFixtureSite((origin) => ({
    '/': { body: page('Home', ['/linked-from-home']) },
    '/robots.txt': { body: `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`, headers: { 'content-type': 'text/plain' } },
    '/sitemap.xml': {
      body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((u) => `<url><loc>${origin}${u}</loc></url>`).join('')}</urlset>`,
      headers: { 'content-type': 'application/xml' },
    },
    ...Object.fromEntries(urls.map((u) => [u, { body: page(u) }])),
    '/linked-from-home': { body: page('Linked') },
  }));
});
afterAll(() => site.close());

describe('a crawl rendering its start page', () => {
  it('crawls the sitemaps’ pages while the start page renders, and the start page’s links after them', async () => {
    const fetched = () => site.requests.map((r) => r.path);
    const { stored, rendered: order } = await crawlWithHeldRenders(site.url, {
      maxPages: 10,
      concurrency: 4,
      before: async (path) => {
        if (path === '/')
          await until('another page was fetched while the start page renders', () => fetched().includes('/beans/a'), { timeoutMs: 5_000 });
      },
    });
    expect(stored.status, String(stored.error)).toBe('complete');
    expect(stored.progress.audited).toBe(5);
    expect(order[0]).not.toBe('/'); // a sitemap page was rendered (as its template's sample) before the start page
    const paths = fetched().filter((p) => p.startsWith('/beans/') || p === '/linked-from-home');
    expect(paths.indexOf('/linked-from-home')).toBeGreaterThan(paths.indexOf('/beans/a'));
  });
});
