import { describe, expect, test } from 'vitest';
import { parseSitemap, SITEMAP_NAMESPACE } from '../../../shared/sitemap/parse.js';
import { parseW3cDatetime } from '../../../shared/sitemap/w3c-datetime.js';
import { lastmodStats } from '../../../shared/sitemap/lastmod.js';
import { readSitemap } from '../../../shared/sitemap/read.js';
import { comparableUrl } from '../../../shared/sitemap/comparable-url.js';
import { JudgeContext } from '../../../shared/judge/context.js';
import { missing, resource, snapshot, textFile } from '../../helpers/snapshot.js';

const urlset = (inner: string, ns = ` xmlns="${SITEMAP_NAMESPACE}"`) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset${ns}>${inner}</urlset>`;
const errorsOf = (xml: string) =>
  parseSitemap(xml)
    .problems.filter((p) => p.severity === 'error')
    .map((p) => p.message);

describe('parseSitemap', () => {
  test('a urlset: entries with loc and lastmod, no problems', () => {
    const parsed = parseSitemap(
      urlset('<url><loc>https://example.com/</loc><lastmod>2026-01-01</lastmod></url><url><loc>https://example.com/a</loc></url>'),
    );
    expect(parsed.kind).toBe('urlset');
    expect(parsed.entryCount).toBe(2);
    expect(parsed.entries).toEqual([
      { loc: 'https://example.com/', lastmod: '2026-01-01' },
      { loc: 'https://example.com/a', lastmod: null },
    ]);
    expect(parsed.problems).toEqual([]);
  });

  test('a sitemap index lists child sitemaps', () => {
    const xml = `<sitemapindex xmlns="${SITEMAP_NAMESPACE}"><sitemap><loc>https://example.com/s1.xml</loc><lastmod>2026-01-01T00:00:00Z</lastmod></sitemap></sitemapindex>`;
    const parsed = parseSitemap(xml);
    expect(parsed.kind).toBe('sitemapindex');
    expect(parsed.entries).toEqual([{ loc: 'https://example.com/s1.xml', lastmod: '2026-01-01T00:00:00Z' }]);
  });

  test('entities, CDATA, whitespace and namespace prefixes are handled', () => {
    const xml = `<sm:urlset xmlns:sm="${SITEMAP_NAMESPACE}"><sm:url><sm:loc>
      https://example.com/?a=1&amp;b=2
    </sm:loc></sm:url><sm:url><sm:loc><![CDATA[https://example.com/c]]></sm:loc></sm:url></sm:urlset>`;
    const parsed = parseSitemap(xml);
    expect(parsed.kind).toBe('urlset');
    expect(parsed.entries.map((e) => e.loc)).toEqual(['https://example.com/?a=1&b=2', 'https://example.com/c']);
    expect(parsed.problems).toEqual([]);
  });

  test('a missing namespace is a warning', () => {
    const parsed = parseSitemap(urlset('<url><loc>https://example.com/</loc></url>', ''));
    expect(parsed.problems).toEqual([{ severity: 'warning', message: `<urlset> does not declare xmlns="${SITEMAP_NAMESPACE}"` }]);
  });

  test('malformed XML, an empty urlset and a foreign root are errors', () => {
    expect(errorsOf(urlset('<url><loc>https://example.com/</loc></urlx>'))[0]).toMatch(/malformed/);
    expect(errorsOf(urlset(''))).toEqual(['the sitemap lists no URLs']);
    const foreign = parseSitemap('<?xml version="1.0"?><html><body>hi</body></html>');
    expect(foreign.kind).toBe('unknown');
    expect(foreign.problems[0]!.message).toBe('the root element is <html>, not <urlset> or <sitemapindex>');
  });

  test('relative or missing <loc> values are reported; all bad is an error', () => {
    const some = parseSitemap(urlset('<url><loc>/about</loc></url><url><loc>https://example.com/</loc></url><url></url>'));
    expect(some.problems.map((p) => [p.severity, p.message])).toEqual([
      ['warning', '1 of 3 entries has no <loc>'],
      ['warning', '1 <loc> value is not an absolute http(s) URL (e.g. "/about")'],
    ]);
    expect(errorsOf(urlset('<url><loc>/about</loc></url>'))).toHaveLength(1);
  });

  test('a plain-text sitemap (one URL per line) is accepted', () => {
    const parsed = parseSitemap('https://example.com/\nhttps://example.com/a\n\n');
    expect(parsed.kind).toBe('text');
    expect(parsed.entryCount).toBe(2);
    expect(parsed.problems).toEqual([]);
    expect(parseSitemap('hello world\nnot urls').kind).toBe('unknown');
  });

  test('RSS and Atom feeds are recognised with their item links', () => {
    const rss = parseSitemap('<rss version="2.0"><channel><item><link>https://example.com/p1</link></item></channel></rss>');
    expect(rss.kind).toBe('feed');
    const atom = parseSitemap('<feed xmlns="http://www.w3.org/2005/Atom"><entry><link href="https://example.com/p2"/></entry></feed>');
    expect(atom.kind).toBe('feed');
    expect(atom.entries[0]!.loc).toBe('https://example.com/p2');
  });
});

describe('W3C datetime (<lastmod>)', () => {
  test.each([
    '2026',
    '2026-03',
    '2026-03-01',
    '2026-03-01T09:30Z',
    '2026-03-01T09:30:15+01:00',
    '2026-03-01T09:30:15.123-05:00',
    '2024-02-29',
  ])('%s is valid', (v) => {
    expect(parseW3cDatetime(v)).not.toBeNull();
  });
  test.each([
    '03/01/2026',
    '2026-13-01',
    '2026-02-30',
    '2025-02-29',
    '2026-03-01T09:30',
    '2026-03-01 09:30:00Z',
    '2026-03-01T25:00Z',
    'yesterday',
    '',
  ])('%s is not', (v) => {
    expect(parseW3cDatetime(v)).toBeNull();
  });
  test('time zones are honoured', () => {
    expect(parseW3cDatetime('2026-03-01T01:00:00+02:00')!.toISOString()).toBe('2026-02-28T23:00:00.000Z');
  });
});

describe('lastmodStats', () => {
  test('counts present, valid, invalid and future dates', () => {
    const parsed = parseSitemap(
      urlset(
        ['2026-01-01', 'March 2026', '2030-01-01', null]
          .map((d, i) => `<url><loc>https://example.com/${i}</loc>${d ? `<lastmod>${d}</lastmod>` : ''}</url>`)
          .join(''),
      ),
    );
    expect(lastmodStats(parsed, new Date('2026-11-21T00:00:00Z'))).toEqual({
      entries: 4,
      present: 3,
      valid: 1,
      invalidExamples: ['March 2026'],
      future: 1,
    });
  });
});

describe('readSitemap', () => {
  const read = (over: Parameters<typeof snapshot>[1]) => readSitemap(new JudgeContext(snapshot('<p>x</p>', over)));
  const SM = 'https://example.com/sitemap.xml';

  test('a sitemap named in robots.txt is marked so', () => {
    const r = read({
      robotsTxt: textFile('https://example.com/robots.txt', `User-agent: *\nDisallow:\nSitemap: ${SM}\n`),
      sitemap: textFile(SM, urlset('<url><loc>https://example.com/</loc></url>'), 'application/xml'),
    });
    expect(r).toMatchObject({ fromRobots: true, robotsSitemaps: [SM], valid: true, gzip: false });
  });

  test('404, HTML at 200 and gzip binaries are told apart', () => {
    expect(read({ sitemap: missing(SM) }).file.kind).toBe('missing');
    expect(read({ sitemap: resource(SM, '<!doctype html><html><body>Home</body></html>') }).file.kind).toBe('html');
    const gz = read({ sitemap: resource(`${SM}.gz`, '', { binary: true, headers: { 'content-type': 'application/x-gzip' } }) });
    expect(gz).toMatchObject({ gzip: true, valid: false, parsed: null });
    const png = read({ sitemap: resource(SM, '', { binary: true, headers: { 'content-type': 'image/png' } }) });
    expect(png.gzip).toBe(false);
  });

  test('robots.txt missing means no Sitemap lines could be read', () => {
    expect(read({}).robotsSitemaps).toBeNull();
  });
});

describe('comparableUrl', () => {
  test('ignores fragment, host case, default port and one trailing slash; keeps query and scheme', () => {
    expect(comparableUrl('https://Example.com:443/a/#top')).toBe(comparableUrl('https://example.com/a'));
    expect(comparableUrl('https://example.com/a?x=1')).not.toBe(comparableUrl('https://example.com/a'));
    expect(comparableUrl('http://example.com/a')).not.toBe(comparableUrl('https://example.com/a'));
    expect(comparableUrl('not a url')).toBeNull();
  });
});
