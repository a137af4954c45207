/**
 * Bad inputs and faults of site audits, each on a small loopback site through the API: a sitemap of
 * 100,000 URLs, a sitemap index that loops, links to other hosts and private addresses, a page that
 * redirects off-site, an endless generated-URL trap (bounded by max_pages, and by the deadline), a
 * robots.txt that refuses Citable, a host answering 429 and 503 with Retry-After, and two crawls of one site
 * at once. (A server restarted mid-crawl: crawl-routes.test.ts; a killed worker: the stress project.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_USER_AGENT, HTML_ACCEPT } from '../../../shared/gather/user-agents.js';
import type { TestApi } from '../../server/helpers/test-api.js';
import { allPages, startCrawlApi, waitForCrawl } from '../helpers/crawl-api.js';
import { html, serveSite, sitemapIndex, text, urlset, type Route, type ServedSite } from '../helpers/crawl-site.js';
import { linkingPage, startSlowSite } from '../helpers/small-sites.js';

const opened: ServedSite[] = [];
let api: TestApi;
beforeAll(async () => {
  api = await startCrawlApi();
});
afterAll(async () => {
  await api?.close({ removeData: true });
  for (const site of opened) await site.close();
});

async function site(routes: Parameters<typeof serveSite>[0]): Promise<ServedSite> {
  const served = await serveSite(routes);
  opened.push(served);
  return served;
}

async function crawl(url: string, body: Record<string, unknown> = {}, through: TestApi = api): Promise<any> {
  const created = await through.request('POST', '/api/v1/crawls', { body: { url, ...body } });
  expect(created.status).toBe(202);
  return waitForCrawl(through, created.json.crawl.id);
}

/** Pages fetched (as a browser: the sample's agent probes and .md mirrors are not pages of their own). */
const pagePaths = (s: ServedSite, prefix: string) =>
  new Set(s.requests.filter((r) => r.target.startsWith(prefix) && asBrowserPage(r)).map((r) => r.target));
const asBrowserPage = (r: { ua: string; accept: string }) => r.ua === BROWSER_USER_AGENT && r.accept === HTML_ACCEPT;
const balanced = (c: any) => expect(c.progress.audited + c.progress.failed + c.progress.skipped).toBe(c.progress.discovered);

describe('crawl traps', () => {
  it('a sitemap listing 100,000 URLs: capped, the rest counted as skipped, only max_pages pages fetched', async () => {
    const s = await site((origin) => ({
      exact: {
        '/robots.txt': text(`User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`),
        '/': html(linkingPage(origin, '/', [])),
        '/sitemap.xml': text(urlset(Array.from({ length: 100_000 }, (_, i) => `${origin}/p/${i}`)), 'application/xml'),
      },
      fallback: (req, res, url) => html(linkingPage(origin, url.pathname, []))(req, res, url),
    }));
    const c = await crawl(s.url, { max_pages: 20 });
    expect(c.status).toBe('complete');
    expect(c.progress.audited).toBe(20);
    expect(c.progress.skipped).toBeGreaterThanOrEqual(100_000 - 19);
    balanced(c);
    expect(pagePaths(s, '/p/').size).toBe(19);
    expect(c.notes).toContain('max_pages (20) was reached: further URLs were skipped.');
  });

  it('a sitemap index that lists itself and a child that lists the index: each file read once', async () => {
    const s = await site((origin) => ({
      exact: {
        '/robots.txt': text(`User-agent: *\nAllow: /\nSitemap: ${origin}/index.xml\n`),
        '/': html(linkingPage(origin, '/', [])),
        '/index.xml': text(sitemapIndex([`${origin}/index.xml`, `${origin}/child.xml`]), 'application/xml'),
        '/child.xml': text(sitemapIndex([`${origin}/index.xml`, `${origin}/pages.xml`]), 'application/xml'),
        '/pages.xml': text(urlset([`${origin}/a`, `${origin}/b`]), 'application/xml'),
        '/a': html(linkingPage(origin, '/a', [])),
        '/b': html(linkingPage(origin, '/b', [])),
      },
    }));
    const c = await crawl(s.url);
    expect(c).toMatchObject({ status: 'complete', progress: { audited: 3, failed: 0 } });
    for (const file of ['/index.xml', '/child.xml', '/pages.xml']) expect(s.countOf(file), file).toBe(1);
  });

  it('links to other hosts and to private addresses, and a page that redirects off-site, are never fetched', async () => {
    const elsewhere = await site(() => ({ exact: {}, fallback: html('<title>elsewhere</title>') }));
    const s = await site((origin) => ({
      exact: {
        '/robots.txt': text('User-agent: *\nAllow: /\n'),
        '/': html(
          linkingPage(origin, '/', [
            `${elsewhere.url}/page`,
            'http://10.0.0.1/admin',
            'http://192.168.1.1/',
            'http://[::1]:9/',
            'http://localhost/x',
            '/moved',
            '/ok',
          ]),
        ),
        '/moved': (_req, res) => {
          res.writeHead(302, { location: `${elsewhere.url}/landing` });
          res.end();
        },
        '/ok': html(linkingPage(origin, '/ok', [])),
      },
    }));
    const c = await crawl(s.url);
    expect(c).toMatchObject({ status: 'complete', progress: { audited: 2, failed: 0 } });
    expect(c.progress.skipped).toBeGreaterThanOrEqual(6);
    balanced(c);
    expect(elsewhere.requests).toEqual([]);
    expect(c.notes).toContain('1 page redirected to another site: not followed (skipped).');
    expect((await allPages(api, c.id)).map((p) => new URL(p.url).pathname).sort()).toEqual(['/', '/ok']);
  });

  it('an endless trap of generated URLs is bounded by max_pages', async () => {
    const s = await site((origin) => ({
      exact: { '/robots.txt': text('User-agent: *\nAllow: /\n'), '/': html(linkingPage(origin, '/', ['/calendar?page=1'])) },
      fallback: (req, res, url) => {
        const n = Number(url.searchParams.get('page') ?? 0);
        return html(linkingPage(origin, `/calendar?page=${n}`, [`/calendar?page=${n + 1}`, `/calendar?page=${n + 2}`]))(req, res, url);
      },
    }));
    const c = await crawl(s.url, { max_pages: 15 });
    expect(c).toMatchObject({ status: 'complete', progress: { audited: 15 } });
    expect(pagePaths(s, '/calendar').size).toBe(14);
  });

  it('and by the crawl deadline, which ends the crawl complete with what it audited', async () => {
    const short = await startCrawlApi({ crawl: { deadlineMs: 1_500 } });
    try {
      const s = await site((origin) => ({
        exact: { '/robots.txt': text('User-agent: *\nAllow: /\n'), '/': html(linkingPage(origin, '/', ['/calendar?page=1'])) },
        fallback: async (req, res, url) => {
          await new Promise((resolve) => setTimeout(resolve, 100));
          const n = Number(url.searchParams.get('page') ?? 0);
          return html(linkingPage(origin, `/calendar?page=${n}`, [`/calendar?page=${n + 1}`]))(req, res, url);
        },
      }));
      const c = await crawl(s.url, { max_pages: 10_000 }, short);
      expect(c.status).toBe('complete');
      expect(c.progress.audited).toBeGreaterThanOrEqual(1);
      expect(c.progress.audited).toBeLessThan(100);
      expect(c.notes).toContain(
        'The crawl deadline (2 s, CRAWL_DEADLINE_MS) ran out: the pages still queued were not audited (counted as skipped).',
      );
      balanced(c);
    } finally {
      await short.close({ removeData: true });
    }
  });

  it('a robots.txt that refuses Citable: a complete crawl of zero pages that says why', async () => {
    const s = await startSlowSite(3, 0, 'User-agent: Citable\nDisallow: /\n\nUser-agent: *\nAllow: /\n');
    opened.push(s);
    const c = await crawl(s.url);
    expect(c).toMatchObject({ status: 'complete', score: null, progress: { audited: 0, failed: 0 } });
    expect(c.notes.join(' ')).toMatch(/robots\.txt refuses .* to the Citable crawler/);
    expect(pagePaths(s, '/p/').size).toBe(0);
  });

  it('a host answering 429 and 503 with Retry-After: paused as asked, asked again, finished', async () => {
    const answered = new Map<string, number>();
    // The page as a browser asks for it is busy the first time (a sample page's agent probes get the page).
    const busyOnce =
      (status: number, body: () => string): Route =>
      (req, res, url) => {
        const browser = asBrowserPage({ ua: String(req.headers['user-agent']), accept: String(req.headers.accept) });
        const seen = answered.get(url.pathname) ?? 0;
        if (browser) answered.set(url.pathname, seen + 1);
        if (browser && seen === 0) {
          res.writeHead(status, { 'retry-after': '1', 'content-type': 'text/plain' });
          return void res.end('slow down');
        }
        return html(body())(req, res, url);
      };
    const s = await site((origin) => ({
      exact: {
        '/robots.txt': text('User-agent: *\nAllow: /\n'),
        '/': html(linkingPage(origin, '/', ['/busy', '/down'])),
        '/busy': busyOnce(429, () => linkingPage(origin, '/busy', [])),
        '/down': busyOnce(503, () => linkingPage(origin, '/down', [])),
      },
    }));
    const c = await crawl(s.url);
    expect(c).toMatchObject({ status: 'complete', progress: { audited: 3, failed: 0 } });
    const pages = await allPages(api, c.id);
    expect(pages.filter((p) => p.url !== `${s.url}/`).map((p) => p.http_status)).toEqual([200, 200]);
    for (const path of ['/busy', '/down']) {
      const times = s.requests.filter((r) => r.target === path && asBrowserPage(r)).map((r) => r.at);
      expect(times[1]! - times[0]!, path).toBeGreaterThanOrEqual(900); // Retry-After: 1
    }
    expect(c.notes.some((n: string) => n.startsWith('The site answered 429 or 503'))).toBe(true);
  });

  it('two crawls of the same site at once: both complete with every page, sharing the host budget', async () => {
    const s = await startSlowSite(12, 40);
    opened.push(s);
    const [a, b] = await Promise.all([crawl(s.url), crawl(s.url)]);
    for (const c of [a, b]) expect(c).toMatchObject({ status: 'complete', progress: { audited: 13, failed: 0 } });
    expect(s.peakConcurrency).toBeLessThanOrEqual(4);
    expect((await allPages(api, a.id)).map((p) => p.url).sort()).toEqual((await allPages(api, b.id)).map((p) => p.url).sort());
  });
});
