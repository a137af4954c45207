/**
 * A crawl stays on its site: sitemap entries and `Sitemap:` lines on another host, port or scheme are never
 * fetched, and are counted as skipped with a note. Two loopback fixture servers on different ports: the crawled
 * site, whose robots.txt and sitemaps name the other one (whose robots.txt says Disallow: /), `localhost` and an
 * https URL of the crawled port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../server/helpers/test-api.js';
import { allPages, startCrawlApi, waitForCrawl } from '../helpers/crawl-api.js';
import { html, serveSite, sitemapIndex, text, urlset, type ServedSite } from '../helpers/crawl-site.js';
import { linkingPage } from '../helpers/small-sites.js';

let api: TestApi;
let other: ServedSite;
let site: ServedSite;

beforeAll(async () => {
  api = await startCrawlApi();
  other = await serveSite((origin) => ({
    exact: {
      '/robots.txt': text('User-agent: *\nDisallow: /\n'),
      '/sitemap.xml': text(urlset([`${origin}/secret`]), 'application/xml'),
    },
    fallback: html('<title>another site</title>'),
  }));
  site = await serveSite((origin) => {
    const port = new URL(origin).port;
    return {
      exact: {
        '/robots.txt': text(
          `User-agent: *\nAllow: /\nSitemap: ${origin}/index.xml\nSitemap: ${other.url}/sitemap.xml\nSitemap: http://localhost:${port}/named.xml\n`,
        ),
        '/': html(linkingPage(origin, '/', [])),
        '/index.xml': text(
          sitemapIndex([`${origin}/pages.xml`, `${other.url}/sitemap.xml`, `http://localhost:${port}/child.xml`]),
          'application/xml',
        ),
        '/pages.xml': text(
          urlset([
            `${origin}/a`,
            `${origin}/b`,
            `${other.url}/x`,
            `${other.url}/y`,
            `http://localhost:${port}/c`,
            `https://127.0.0.1:${port}/d`,
          ]),
          'application/xml',
        ),
        '/a': html(linkingPage(origin, '/a', [])),
        '/b': html(linkingPage(origin, '/b', [])),
      },
      fallback: html('<title>not a page of the sitemaps</title>'),
    };
  });
});
afterAll(async () => {
  await api?.close({ removeData: true });
  await site?.close();
  await other?.close();
});

describe('a crawl whose sitemaps name other hosts, ports and schemes', () => {
  it('fetches nothing from them, and counts each as skipped with a note', async () => {
    const created = await api.request('POST', '/api/v1/crawls', { body: { url: site.url } });
    expect(created.status).toBe(202);
    const crawl = await waitForCrawl(api, created.json.crawl.id);

    expect(other.requests).toEqual([]);
    const paths = site.requests.map((r) => r.path);
    for (const never of ['/named.xml', '/child.xml', '/c', '/d']) expect(paths, never).not.toContain(never);
    expect(site.countOf('/index.xml')).toBe(1);
    expect(site.countOf('/pages.xml')).toBe(1);

    expect(crawl.status).toBe('complete');
    // Skipped: 2 `Sitemap:` lines, 2 children of the index, 4 pages of the urlset.
    expect(crawl.progress).toMatchObject({ audited: 3, failed: 0, skipped: 8, discovered: 11 });
    expect((await allPages(api, crawl.id)).map((p) => new URL(p.url).pathname).sort()).toEqual(['/', '/a', '/b']);
    expect(crawl.notes).toContain(`robots.txt names 2 sitemaps on another host, port or scheme than ${site.url}: not read (skipped).`);
    expect(crawl.notes).toContain(`The sitemaps list 6 URLs on another host, port or scheme than ${site.url}: not fetched (skipped).`);
    expect(crawl.site.sitemaps.map((s: { url: string }) => s.url)).toEqual([`${site.url}/index.xml`, `${site.url}/pages.xml`]);
  });
});
