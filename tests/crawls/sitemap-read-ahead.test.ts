/**
 * A crawl's sitemaps are read a few files ahead: the children of an index are fetched side by side, not one after
 * another, and what discovery finds is what reading them in turn finds. A file read ahead with more room than is
 * left when its turn comes (the sitemaps outgrow the crawl's room) is read again with the room left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';
import { readSitemapFile } from '../../shared/crawl/sitemap-file.js';
import { discoverFromSitemaps, type SitemapFileReader } from '../../shared/crawl/sitemap-discovery.js';
import { gatherSiteFiles, type GatheredSiteFiles } from '../../shared/gather/gather-site-files.js';
import { DEFAULT_LIMITS } from '../../shared/gather/limits.js';
import { serveSite, sitemapIndex, text, urlset, type ServedSite } from './helpers/crawl-site.js';

const fetcher = createNodeFetcher({ allowPrivate: true });
const CHILDREN = ['a', 'b', 'c'];
const PER_CHILD = 600;
const pagesOf = (origin: string, child: string) => Array.from({ length: PER_CHILD }, (_, i) => `${origin}/${child}/${i}`);

let site: ServedSite;
let files: GatheredSiteFiles;
beforeAll(async () => {
  site = await serveSite((origin) => ({
    exact: {
      '/robots.txt': text(`User-agent: *\nAllow: /\nSitemap: ${origin}/index.xml\n`),
      '/index.xml': text(sitemapIndex(CHILDREN.map((c) => `${origin}/${c}.xml`)), 'application/xml'),
      ...Object.fromEntries(CHILDREN.map((c) => [`/${c}.xml`, text(urlset(pagesOf(origin, c)), 'application/xml')])),
    },
  }));
  files = await gatherSiteFiles(
    site.url,
    (url, maxBytes, headers) => fetcher.fetch(url, { maxBytes, headers: headers ?? {} }),
    DEFAULT_LIMITS.siteFileBytes,
  );
});
afterAll(() => site?.close());

/** The real reader, counting the reads and how many were in flight at once. */
function countingReader() {
  const reads: string[] = [];
  let inFlight = 0;
  let most = 0;
  const read: SitemapFileReader = async (request) => {
    reads.push(new URL(request.url).pathname);
    most = Math.max(most, ++inFlight);
    try {
      return await readSitemapFile(request, { fetcher, files });
    } finally {
      inFlight--;
    }
  };
  return { read, reads, most: () => most };
}

describe('sitemaps read ahead', () => {
  it("reads an index's children side by side, each once, and finds them in order", async () => {
    const reader = countingReader();
    const found = await discoverFromSitemaps(files, reader.read, 10_000);
    expect(found.urls).toEqual(CHILDREN.flatMap((c) => pagesOf(site.url, c)));
    expect(found.sitemaps.map((s) => new URL(s.url).pathname)).toEqual(['/index.xml', '/a.xml', '/b.xml', '/c.xml']);
    expect(reader.reads).toEqual(['/index.xml', '/a.xml', '/b.xml', '/c.xml']);
    expect(reader.most()).toBeGreaterThan(1);
  });

  it('reads a file again when it was read ahead with more room than its turn leaves', async () => {
    const reader = countingReader();
    const found = await discoverFromSitemaps(files, reader.read, 1_000);
    // In turn: all of a (600), the first 400 of b, none of c; the rest only counted.
    expect(found.urls).toEqual([...pagesOf(site.url, 'a'), ...pagesOf(site.url, 'b').slice(0, 400)]);
    expect(found.uncounted).toBe(200 + PER_CHILD);
    // b and c were read ahead with room for all of them, so read again in turn.
    expect(reader.reads).toEqual(['/index.xml', '/a.xml', '/b.xml', '/c.xml', '/b.xml', '/c.xml']);
  });
});
