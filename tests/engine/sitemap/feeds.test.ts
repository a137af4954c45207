import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../../../shared/sitemap/parse.js';

/** Feeds from rbren/rss-parser's fixtures (tests/fixtures/public/sitemaps/README.md: source, commit, licence). */
const fixture = (name: string) => readFileSync(new URL(`../../fixtures/public/sitemaps/${name}`, import.meta.url), 'utf8');
const errors = (xml: string) =>
  parseSitemap(xml)
    .problems.filter((p) => p.severity === 'error')
    .map((p) => p.message);
const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

describe('feeds (rbren/rss-parser test/input): search engines accept RSS and Atom as sitemaps', () => {
  it('RSS 0.92 (items under <channel>): every item link', () => {
    const parsed = parseSitemap(fixture('rssparser-heraldsun.rss'));
    expect(parsed.kind).toBe('feed');
    expect(parsed.entries.map((e) => e.loc)).toEqual([
      'http://www.oreilly.com/example/001.html',
      'http://www.oreilly.com/example/002.html',
    ]);
    expect(parsed.problems).toEqual([]);
  });

  it('RSS 2.0 podcast: the item link, not the channel or image links', () => {
    const parsed = parseSitemap(fixture('rssparser-pagination-links.rss'));
    expect(parsed.entries.map((e) => e.loc)).toEqual(['https://example.test/episode?id=283843']);
    expect(parsed.problems).toEqual([]);
  });

  it('RSS 1.0 (RDF, items beside <channel>): every item link', () => {
    const xml = fixture('rssparser-rss-1.rss');
    const parsed = parseSitemap(xml);
    expect(parsed.kind).toBe('feed');
    expect(parsed.entryCount).toBe(count(xml, /<item[\s>]/g));
    expect(parsed.entryCount).toBeGreaterThan(50);
    expect(parsed.entries.every((e) => e.loc?.startsWith('http://science.sciencemag.org/'))).toBe(true);
    expect(parsed.problems).toEqual([]);
  });

  it('Atom with relative hrefs: entries found, the relative links reported', () => {
    const parsed = parseSitemap(fixture('rssparser-gulp-atom.atom'));
    expect([parsed.kind, parsed.entryCount]).toEqual(['feed', 10]);
    expect(errors(fixture('rssparser-gulp-atom.atom'))).toEqual([
      '10 <loc> values are not an absolute http(s) URL (e.g. "/gulpjs/gulp/releases/tag/v3.9.0")',
    ]);
  });
});
