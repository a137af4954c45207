/**
 * A crawl whose browser is slow (starting, or busy with other renders) goes on with the pages that need no render:
 * - pages waiting for their render leave the host's window: every render here is held until all the pages that are
 *   not rendered have been fetched; when waiting pages kept their place in the window (four, the host's budget), the
 *   start page and the three template samples filled it and the crawl stood still until the renders gave up;
 * - a page waiting for its render has its links admitted already: pages reached only through it (a chain of guides)
 *   are crawled meanwhile; when its links waited for its end, the chain waited for the render, which gave up;
 * - the sample pages go first, in the order found, so their renders run beside the other pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlWithHeldRenders } from '../helpers/rendered-local-crawl.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { until } from '../../helpers/until.js';

const page = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>
<p>${`${title} is a page of a small roastery site with enough words to be read as an article. `.repeat(8)}</p></main></body></html>`;

const TEMPLATES = ['beans', 'brewing', 'origins'];
/** The first page of each template is its sample (rendered); the other five of each are not. */
const urls = TEMPLATES.flatMap((t) => [1, 2, 3, 4, 5, 6].map((n) => `/${t}/${n}`));
const unrendered = urls.filter((u) => !u.endsWith('/1'));

/** A home page and `pages` (path → body), robots.txt naming a sitemap that lists `listed` in that order. */
function startListedSite(listed: string[], pages: Record<string, string>): Promise<FixtureSite> {
  return startFixtureSite((origin) => ({
    '/': { body: page('Home') },
    '/robots.txt': { body: `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`, headers: { 'content-type': 'text/plain' } },
    '/sitemap.xml': {
      body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${listed.map((u) => `<url><loc>${origin}${u}</loc></url>`).join('')}</urlset>`,
      headers: { 'content-type': 'application/xml' },
    },
    ...Object.fromEntries(Object.entries(pages).map(([path, body]) => [path, { body }])),
  }));
}

const templatePages = Object.fromEntries(urls.map((u) => [u, page(u)]));

let site: FixtureSite;
beforeAll(async () => {
  // The samples first: they are all in flight, waiting for their renders, before any other page is fetched.
  site = await startListedSite(
    [...urls].sort((a, b) => Number(!a.endsWith('/1')) - Number(!b.endsWith('/1'))),
    templatePages,
  );
});
afterAll(() => site.close());

describe('a crawl whose renders are slow', () => {
  it('fetches the pages that need no render while the rendered ones wait', async () => {
    const fetched = () => new Set(site.requests.map((r) => r.path));
    const { stored, rendered } = await crawlWithHeldRenders(site.url, {
      maxPages: 50,
      concurrency: 8,
      before: () =>
        until('every page that is not rendered was fetched', () => unrendered.every((u) => fetched().has(u)), { timeoutMs: 8_000 }),
    });
    expect(stored.status, String(stored.error)).toBe('complete');
    expect(stored.progress).toMatchObject({ audited: 1 + urls.length, failed: 0 });
    expect(rendered.sort()).toEqual(['/', ...TEMPLATES.map((t) => `/${t}/1`)].sort());
  }, 30_000);
});

describe('a crawl whose sample page leads to the rest', () => {
  let chain: FixtureSite;
  // Only the first guide is in the sitemap (its template's sample, rendered); each guide links to the next.
  const guides = [1, 2, 3, 4].map((n) => `/guides/${n}`);
  beforeAll(async () => {
    chain = await startListedSite(
      ['/guides/1'],
      Object.fromEntries(
        guides.map((g, i) => [g, page(g).replace('</main>', guides[i + 1] ? `<a href="${guides[i + 1]}">next</a></main>` : '</main>')]),
      ),
    );
  });
  afterAll(() => chain.close());

  it('crawls the pages it links to while it waits for its render', async () => {
    const fetched = () => new Set(chain.requests.map((r) => r.path));
    const { stored, rendered } = await crawlWithHeldRenders(chain.url, {
      maxPages: 50,
      concurrency: 8,
      before: () =>
        until('the guides after the first were fetched', () => guides.slice(1).every((g) => fetched().has(g)), { timeoutMs: 8_000 }),
    });
    expect(stored.status, String(stored.error)).toBe('complete');
    expect(stored.progress).toMatchObject({ audited: 1 + guides.length, failed: 0 });
    expect(rendered.sort()).toEqual(['/', '/guides/1']);
  }, 30_000);
});

describe('a crawl that renders its sample pages', () => {
  let grouped: FixtureSite;
  beforeAll(async () => {
    // Each template's pages together, in the sitemap: in the order found, /brewing/1 would come after /beans/6.
    grouped = await startListedSite(urls, templatePages);
  });
  afterAll(() => grouped.close());

  it('takes the sample pages before the others, in the order found', async () => {
    const { stored } = await crawlWithHeldRenders(grouped.url, { maxPages: 50, concurrency: 8, before: async () => undefined });
    expect(stored.status, String(stored.error)).toBe('complete');
    const firstFetch = (path: string) => grouped.requests.findIndex((r) => r.path === path);
    const samples = TEMPLATES.map((t) => `/${t}/1`);
    expect(samples.map(firstFetch)).toEqual([...samples.map(firstFetch)].sort((a, b) => a - b));
    expect(Math.max(...samples.map(firstFetch))).toBeLessThan(Math.min(...unrendered.map(firstFetch)));
  }, 30_000);
});
