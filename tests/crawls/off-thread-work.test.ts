/**
 * A crawl's work in proportion to what a site serves runs off the thread that serves the API, on an audit thread
 * (the worker from its TypeScript source): one sitemap file comes back as bounded, sorted lists (the crawl's origin
 * only, robots.txt applied), a page's links with robots.txt applied, and robots.txt's verdict for the crawl's start;
 * a sitemap that outlasts its budget ends its thread, and the next file gets a fresh one. A sitemap index that fans out into 50,000 children is read as at
 * most 50 files, the rest counted; and the crawl's queue is a deque.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkerRunner, ThreadBudgetError } from '../../server/audits/worker-runner.js';
import { Deque } from '../../server/crawls/deque.js';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';
import { readSitemapFile } from '../../shared/crawl/sitemap-file.js';
import { discoverFromSitemaps, MAX_SITEMAP_FILES, MAX_SITEMAP_URLS, sitemapUrlRoom } from '../../shared/crawl/sitemap-discovery.js';
import { gatherSiteFiles, type GatheredSiteFiles } from '../../shared/gather/gather-site-files.js';
import { DEFAULT_LIMITS } from '../../shared/gather/limits.js';
import { html, serveSite, sitemapIndex, text, urlset, type ServedSite } from './helpers/crawl-site.js';
import { linkingPage } from './helpers/small-sites.js';
import { until } from '../helpers/until.js';
import type { PageLinks } from '../../shared/crawl/page-links.js';
import type { Renderer } from '../../shared/types/renderer.js';

const WORKER = new URL('../server/helpers/audit-worker-source.mjs', import.meta.url);
const FAN_OUT = 50_000;
const fetcher = createNodeFetcher({ allowPrivate: true });

let site: ServedSite;
let files: GatheredSiteFiles;
beforeAll(async () => {
  site = await serveSite((origin) => ({
    exact: {
      '/robots.txt': text(`User-agent: *\nDisallow: /private/\nSitemap: ${origin}/index.xml\n`),
      '/linking': html(linkingPage(origin, '/linking', ['/ok', '/private/x', 'http://localhost:9/elsewhere', '/ok#again'])),
      '/pages.xml': text(urlset([`${origin}/a`, `${origin}/private/b`, 'http://localhost:9/c', `${origin}/a`]), 'application/xml'),
      '/many.xml': text(urlset(Array.from({ length: 3_000 }, (_, i) => `${origin}/p/${i}`)), 'application/xml'),
      '/index.xml': text(sitemapIndex(Array.from({ length: FAN_OUT }, (_, i) => `${origin}/s/${i}.xml`)), 'application/xml'),
      '/slow.xml': async (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.write('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        res.end('</urlset>');
      },
    },
    fallback: (req, res, url) =>
      text(sitemapIndex([`${origin}${url.pathname}-more.xml`, `${origin}/index.xml`]), 'application/xml')(req, res, url),
  }));
  files = await gatherSiteFiles(
    site.url,
    (url, maxBytes, headers) => fetcher.fetch(url, { maxBytes, headers: headers ?? {} }),
    DEFAULT_LIMITS.siteFileBytes,
  );
});
afterAll(() => site?.close());

/** A runner of one audit thread (the worker from its source), with `extra` options. */
const runnerWith = (extra: Partial<Parameters<typeof createWorkerRunner>[0]> = {}) =>
  createWorkerRunner({ workerUrl: WORKER, allowPrivate: true, deadlineMs: 15_000, concurrency: 1, queueLimit: 0, ...extra });

const request = (path: string) => ({ url: `${site.url}${path}`, room: 100, fileRoom: 10, knownFiles: [] });

describe('a sitemap file on an audit thread', () => {
  it('comes back sorted: pages robots.txt allows, pages it refuses, URLs elsewhere', async () => {
    const runner = runnerWith();
    try {
      const result = await runner.runSitemap(request('/pages.xml'), { key: 'crawl-1', files }, new AbortController().signal);
      expect(result).toEqual({
        read: { url: `${site.url}/pages.xml`, status: 'read', urls: 4, problems: [] },
        children: [],
        moreFiles: 0,
        pages: [`${site.url}/a`, `${site.url}/a`],
        refused: [`${site.url}/private/b`],
        offSite: ['http://localhost:9/c'],
        uncounted: 0,
        truncated: false,
      });
      // The same as on this thread.
      expect(await readSitemapFile(request('/pages.xml'), { fetcher, files })).toEqual(result);
    } finally {
      await runner.close();
    }
  });

  it("a page's links come back from the thread with robots.txt applied", async () => {
    const runner = runnerWith();
    try {
      const url = `${site.url}/linking`;
      const request = {
        url,
        crawlId: 'crawl-3',
        host: site.host,
        auditId: '00000000-0000-4000-8000-000000000003',
        sample: false,
        retryBusy: false,
        deadlineMs: 15_000,
      };
      const result = await runner.runPage(request, { key: 'crawl-3', files }, new AbortController().signal);
      expect(result.kind).toBe('audited');
      expect(result.kind === 'audited' && result.links).toEqual({
        sameHost: [`${site.url}/ok`],
        offHost: ['http://localhost:9/elsewhere', 'https://en.wikipedia.org/wiki/Coffee'], // the page's footer links out
        refused: [`${site.url}/private/x`],
      });
    } finally {
      await runner.close();
    }
  });

  it('a page waiting for its render sends its links first, the same as its result carries', async () => {
    let told: PageLinks | undefined;
    // The browser answers only once the links have come: a thread that sent them with the result would never get it.
    const renderer: Renderer = {
      async render(url) {
        await until('the links came before the render', () => told !== undefined, { timeoutMs: 5_000 });
        return { html: await (await fetch(url)).text(), url, capturedAt: new Date().toISOString(), engine: 'Test' };
      },
    };
    const runner = runnerWith({ renderer });
    try {
      const request = {
        url: `${site.url}/linking`,
        crawlId: 'crawl-5',
        host: site.host,
        auditId: '00000000-0000-4000-8000-000000000005',
        sample: false,
        retryBusy: false,
        deadlineMs: 15_000,
        render: true,
      };
      const result = await runner.runPage(request, { key: 'crawl-5', files }, new AbortController().signal, (links) => (told = links));
      expect(result.kind).toBe('audited');
      expect(told?.refused).toEqual([`${site.url}/private/x`]);
      expect(result.kind === 'audited' && result.links).toEqual(told);
    } finally {
      await runner.close();
    }
  });

  it("robots.txt for a crawl's start is read on the thread: its verdict, and whether the start URL is allowed", async () => {
    const runner = runnerWith();
    try {
      const signal = new AbortController().signal;
      const refused = await runner.runRobots(`${site.url}/private/start`, { key: 'crawl-4', files }, signal);
      expect(refused).toEqual({ verdict: { status: 'found', citable: 'partly', crawlDelay: null }, startAllowed: false });
      // The second ask sends no site files: the thread still holds them under the crawl's key.
      const allowed = await runner.runRobots(`${site.url}/ok`, { key: 'crawl-4', files }, signal);
      expect(allowed).toEqual({ verdict: refused.verdict, startAllowed: true });
    } finally {
      await runner.close();
    }
  });

  it('ends a thread that outlasts its budget; the next file gets a fresh thread', async () => {
    const runner = runnerWith({ sitemapBudgetMs: 1_000 });
    try {
      const signal = new AbortController().signal;
      await expect(runner.runSitemap(request('/slow.xml'), { key: 'crawl-2', files }, signal)).rejects.toBeInstanceOf(ThreadBudgetError);
      const next = await runner.runSitemap(request('/pages.xml'), { key: 'crawl-2', files }, signal);
      expect(next.pages).toEqual([`${site.url}/a`, `${site.url}/a`]);
    } finally {
      await runner.close();
    }
  });
});

describe('discovery from a sitemap index that fans out', () => {
  it(`reads at most ${MAX_SITEMAP_FILES} files and counts the other children`, async () => {
    const read: string[] = [];
    const found = await discoverFromSitemaps(files, (req) => {
      read.push(new URL(req.url).pathname);
      return readSitemapFile(req, { fetcher, files });
    });
    expect(read.length).toBe(MAX_SITEMAP_FILES);
    expect(read.slice(0, 3)).toEqual(['/index.xml', '/s/0.xml', '/s/1.xml']);
    expect(new Set(read).size).toBe(read.length); // each once: the children that list /index.xml again add nothing
    // /index.xml: 49 of its 50,000 children read, 49,951 not; each child read names one more child, not read (49).
    expect(found.notes).toContain('50000 more sitemap files were not read (at most 50 per crawl).');
  });
});

describe('the sitemap URLs a small crawl keeps', () => {
  it('are bounded by its max_pages (four times, at least 1,000); the rest only counted, never carried', async () => {
    expect([sitemapUrlRoom(20), sitemapUrlRoom(500), sitemapUrlRoom(10_000)]).toEqual([1_000, 2_000, 40_000]);
    expect(sitemapUrlRoom(1_000_000)).toBe(MAX_SITEMAP_URLS);
    const manyFiles = {
      ...files,
      files: { ...files.files, robotsTxt: { ...files.files.robotsTxt, body: `Sitemap: ${site.url}/many.xml\n` } },
    };
    const small = await discoverFromSitemaps(manyFiles, (req) => readSitemapFile(req, { fetcher, files: manyFiles }), sitemapUrlRoom(20));
    expect(small.urls).toHaveLength(1_000);
    expect(small.urls.at(-1)).toBe(`${site.url}/p/999`);
    expect(small.uncounted).toBe(2_000);
    const whole = await discoverFromSitemaps(manyFiles, (req) => readSitemapFile(req, { fetcher, files: manyFiles }));
    expect([whole.urls.length, whole.uncounted]).toEqual([3_000, 0]);
  });
});

describe('Deque', () => {
  it('is a queue at both ends across its ring and as it grows', () => {
    const d = new Deque<number>([1, 2, 3]);
    d.unshift(0);
    for (let i = 4; i < 40; i++) d.push(i);
    expect(d.length).toBe(40);
    expect(d.shift()).toBe(0);
    d.unshift(-1);
    d.unshift(-2);
    expect(d.first).toBe(-2);
    expect(d.moveToFront((n) => n === 20)).toBe(true);
    expect(d.moveToFront((n) => n === 99)).toBe(false);
    const out: number[] = [];
    for (let n = d.shift(); n !== undefined; n = d.shift()) out.push(n);
    expect(out).toEqual([20, -2, -1, ...Array.from({ length: 39 }, (_, i) => i + 1).filter((n) => n !== 20)]);
    expect(d.length).toBe(0);
    expect(d.first).toBeUndefined();
  });
});
