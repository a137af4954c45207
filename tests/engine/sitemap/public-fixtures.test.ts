import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSitemap, SITEMAP_NAMESPACE } from '../../../shared/sitemap/parse.js';

/**
 * Fixtures of other sitemap and feed parsers (tests/fixtures/public/sitemaps/README.md gives
 * repository, path, commit and licence of each), read by Citable's parser.
 */
const fixture = (name: string) => readFileSync(new URL(`../../fixtures/public/sitemaps/${name}`, import.meta.url), 'utf8');
const errors = (xml: string) =>
  parseSitemap(xml)
    .problems.filter((p) => p.severity === 'error')
    .map((p) => p.message);
const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

describe('sitemap.js fixtures (ekalinin/sitemap.js tests/mocks)', () => {
  it.each(['sitemapjs-alltags.xml', 'sitemapjs-alltags.cdata.xml', 'sitemapjs-bad-tag-sitemap.xml'])(
    '%s: a valid urlset with news, video, image and self-closing <xhtml:link/> entries',
    (name) => {
      const xml = fixture(name);
      const parsed = parseSitemap(xml);
      expect(parsed.kind).toBe('urlset');
      expect(parsed.problems).toEqual([]);
      expect(parsed.entryCount).toBe(count(xml, /<url>/g));
      expect(parsed.entries.every((e) => e.loc?.startsWith('http'))).toBe(true);
      expect(parsed.entries.filter((e) => e.lastmod).map((e) => e.lastmod)).toEqual(
        [...xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1]),
      );
    },
  );

  it.each(['sitemapjs-alltags-index.xml', 'sitemapjs-bad-tag-index.xml'])('%s: a valid sitemap index', (name) => {
    const parsed = parseSitemap(fixture(name));
    expect([parsed.kind, parsed.entryCount, parsed.problems]).toEqual(['sitemapindex', 2, []]);
  });

  it('video.xml: one URL, multi-line values trimmed', () => {
    const parsed = parseSitemap(fixture('sitemapjs-video.xml'));
    expect([parsed.kind, parsed.entries, parsed.problems]).toEqual([
      'urlset',
      [{ loc: 'http://www.example.com/videos/some_video_landing_page.html', lastmod: null }],
      [],
    ]);
  });

  it.each(['sitemapjs-unescaped-lt.xml', 'sitemapjs-index-unescaped-lt.xml'])('%s: an unescaped "<" is still malformed', (name) => {
    expect(errors(fixture(name))).toContain('the XML is malformed (unclosed or mismatched tags), so crawlers may reject it');
  });
});

describe('sitemapper fixture (seantomburke/sitemapper)', () => {
  it('test-sitemap-index.xml: two child sitemaps with lastmod', () => {
    const parsed = parseSitemap(fixture('sitemapper-test-sitemap-index.xml'));
    expect(parsed.entries).toEqual([
      { loc: 'https://example.com/sitemap1.xml', lastmod: '2023-01-01T00:00:00+00:00' },
      { loc: 'https://example.com/sitemap2.xml', lastmod: '2023-01-02T00:00:00+00:00' },
    ]);
    expect(parsed.problems).toEqual([]);
  });
});

describe('self-closing elements', () => {
  const urlset = (inner: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:xhtml="http://www.w3.org/1999/xhtml">${inner}</urlset>`;

  it('hreflang alternates and an empty <lastmod /> are well-formed', () => {
    const parsed = parseSitemap(
      urlset(
        '<url><loc>https://example.com/en</loc><xhtml:link rel="alternate" hreflang="de" href="https://example.com/de"/><xhtml:link rel="alternate" hreflang="en" href="https://example.com/en" /></url>' +
          '<url><loc>https://example.com/b</loc><lastmod /></url><url><loc>https://example.com/c</loc><lastmod/><changefreq/></url>',
      ),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries).toEqual([
      { loc: 'https://example.com/en', lastmod: null },
      { loc: 'https://example.com/b', lastmod: null },
      { loc: 'https://example.com/c', lastmod: null },
    ]);
  });

  it('a self-closing <url/> is an entry with no <loc>', () => {
    const parsed = parseSitemap(urlset('<url><loc>https://example.com/</loc></url><url/>'));
    expect(parsed.entryCount).toBe(2);
    expect(parsed.problems.map((p) => p.message)).toEqual(['1 of 2 entries has no <loc>']);
  });

  it('unclosed and mismatched tags are still malformed, also right after a self-closing one', () => {
    for (const xml of [
      urlset('<url><loc>https://example.com/</loc></urlx>'),
      `<urlset xmlns="${SITEMAP_NAMESPACE}"><url><loc>https://example.com/</loc></url><url/>`,
      `<urlset xmlns="${SITEMAP_NAMESPACE}"><url><loc>https://example.com/</loc><lastmod/>`,
    ]) {
      expect(errors(xml), xml).toContain('the XML is malformed (unclosed or mismatched tags), so crawlers may reject it');
    }
  });
});

describe('the end of a cut file is not taken for a self-closing tag', () => {
  it.each(['<url><!-- a/ -->', '<url a="/">', '<url><![CDATA[/]]>'])('<urlset>%s then end of file', (tail) => {
    expect(errors(`<urlset xmlns="${SITEMAP_NAMESPACE}">${tail}`)).toContain(
      'the XML is malformed (unclosed or mismatched tags), so crawlers may reject it',
    );
  });
});
