import { describe, expect, test } from 'vitest';
import { aiDiscoveryRules } from '../../../shared/rules/ai-discovery/index.js';
import llmsTxtPresent from '../../../shared/rules/ai-discovery/llms-txt.present.js';
import llmsTxtValid from '../../../shared/rules/ai-discovery/llms-txt.valid.js';
import llmsFullTxt from '../../../shared/rules/ai-discovery/llms-full-txt.present.js';
import sitemapPresent from '../../../shared/rules/ai-discovery/sitemap.present.js';
import sitemapLastmod from '../../../shared/rules/ai-discovery/sitemap.lastmod.js';
import sitemapListsPage from '../../../shared/rules/ai-discovery/sitemap.lists-page.js';
import sitemapInRobots from '../../../shared/rules/ai-discovery/sitemap.in-robots.js';
import markdownNegotiation from '../../../shared/rules/ai-discovery/markdown.negotiation.js';
import markdownAlternateLink from '../../../shared/rules/ai-discovery/markdown.alternate-link.js';
import canonicalUrl from '../../../shared/rules/ai-discovery/canonical.valid.js';
import { missing, resource, snapshot, textFile } from '../../helpers/snapshot.js';
import type { Snapshot } from '../../../shared/types/index.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';
import { ARTICLE_URL, wellMadeSite } from './well-made-site.js';

const O = 'https://example.com';
const net = (url: string) => resource(url, '', { status: 0, error: { code: 'timeout', message: 'timed out' } });
const bare = (over: Partial<Snapshot> = {}) => snapshot('<html><head><title>x</title></head><body><p>Hello</p></body></html>', over);
const withHead = (head: string, over: Partial<Snapshot> = {}) => snapshot(`<html><head>${head}</head><body><p>x</p></body></html>`, over);
const sitemapXml = (locs: Array<[string, string | null]>) =>
  `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map(([l, m]) => `<url><loc>${l}</loc>${m ? `<lastmod>${m}</lastmod>` : ''}</url>`).join('')}</urlset>`;

describe('the AI Discovery rule set', () => {
  test('has at least 7 rules, unique ids, all in the category, none critical', () => {
    expect(aiDiscoveryRules.length).toBeGreaterThanOrEqual(7);
    expect(new Set(aiDiscoveryRules.map((r) => r.id)).size).toBe(aiDiscoveryRules.length);
    for (const r of aiDiscoveryRules) {
      expect(r.category).toBe('AI Discovery');
      expect(r.severity).not.toBe('critical');
      expect(r.weight).toBeGreaterThan(0);
    }
  });

  test('on the well-made site every rule passes', () => {
    for (const r of aiDiscoveryRules) expect(judge(r, wellMadeSite()), r.id).toEqual({ score: 1 });
  });
});

describe('llms-txt.present', () => {
  test('fails as a notice when missing', () => {
    const r = outcome(llmsTxtPresent, bare());
    expect(r.score).toBe(0);
    expect(r.detail).toMatch(/no \/llms.txt \(HTTP 404\)/);
  });
  test('an HTML page at /llms.txt fails as a warning', () => {
    const r = outcome(llmsTxtPresent, bare({ llmsTxt: resource(`${O}/llms.txt`, '<!doctype html><div id="root"></div>') }));
    expect(r).toMatchObject({ score: 0, severity: 'warning', title: 'llms.txt serves an HTML page' });
  });
  test('a 5xx fails; a network error is not applicable', () => {
    expect(outcome(llmsTxtPresent, bare({ llmsTxt: resource(`${O}/llms.txt`, 'x', { status: 502 }) })).detail).toMatch(/HTTP 502/);
    expect(judge(llmsTxtPresent, bare({ llmsTxt: net(`${O}/llms.txt`) }))).toBe(NOT_APPLICABLE);
  });
  test('an empty file fails', () => {
    expect(outcome(llmsTxtPresent, bare({ llmsTxt: textFile(`${O}/llms.txt`, '\n') })).title).toBe('llms.txt is empty');
  });
  test('passes for a text file, even an imperfect one (validity is the next rule)', () => {
    expect(judge(llmsTxtPresent, bare({ llmsTxt: textFile(`${O}/llms.txt`, 'no heading') }))).toEqual({ score: 1 });
  });
});

describe('llms-txt.valid', () => {
  const llms = (body: string) => bare({ llmsTxt: textFile(`${O}/llms.txt`, body) });
  test('not applicable when there is no text file', () => {
    expect(judge(llmsTxtValid, bare())).toBe(NOT_APPLICABLE);
    expect(judge(llmsTxtValid, bare({ llmsTxt: resource(`${O}/llms.txt`, '<html></html>') }))).toBe(NOT_APPLICABLE);
  });
  test('passes on a clean file', () => {
    expect(judge(llmsTxtValid, llms('# S\n\n> Sum\n\n## Docs\n\n- [A](/a): n\n'))).toEqual({ score: 1 });
  });
  test('warnings only: valid, a notice with most credit', () => {
    const r = outcome(llmsTxtValid, llms('# S\n\n## Docs\n\n- [A](/a)\n'));
    expect(r).toMatchObject({ score: 0.8, severity: 'notice' });
    expect(r.detail).toMatch(/no blockquote summary/);
  });
  test('invalid: the problems are listed in the detail with line numbers', () => {
    const r = outcome(llmsTxtValid, llms('# S\n\n### Guides\n\n## Docs\n\n- [A](docs/a.md)\n- [B](/b)\n'));
    expect(r.score).toBe(0.4);
    expect(r.detail).toMatch(/Line 3: H3 heading/);
    expect(r.detail).toMatch(/Line 7: "docs\/a.md" is a relative URL/);
  });
  test('invalid with no usable link scores nothing', () => {
    expect(outcome(llmsTxtValid, llms('Just some text\n')).score).toBe(0);
  });
});

describe('llms-full-txt.present', () => {
  test('passes for Markdown, fails for missing or HTML, n/a on network error', () => {
    expect(judge(llmsFullTxt, bare({ llmsFullTxt: textFile(`${O}/llms-full.txt`, '# All\n\ntext', 'text/markdown') }))).toEqual({ score: 1 });
    expect(outcome(llmsFullTxt, bare()).score).toBe(0);
    expect(outcome(llmsFullTxt, bare({ llmsFullTxt: resource(`${O}/llms-full.txt`, '<!DOCTYPE html><html></html>') })).title).toBe('llms-full.txt serves an HTML page');
    expect(judge(llmsFullTxt, bare({ llmsFullTxt: net(`${O}/llms-full.txt`) }))).toBe(NOT_APPLICABLE);
    expect(outcome(llmsFullTxt, bare()).severity).toBeUndefined();
    expect(llmsFullTxt.severity).toBe('notice');
  });
});

describe('sitemap.present', () => {
  const sm = (body: string, type = 'application/xml') => bare({ sitemap: textFile(`${O}/sitemap.xml`, body, type) });
  test('passes on a valid urlset', () => {
    expect(judge(sitemapPresent, sm(sitemapXml([[`${O}/`, '2026-01-01']])))).toEqual({ score: 1 });
  });
  test('404 fails and says where it looked', () => {
    const r = outcome(sitemapPresent, bare());
    expect(r.score).toBe(0);
    expect(r.detail).toMatch(/https:\/\/example.com\/sitemap.xml answered HTTP 404/);
  });
  test('a sitemap named in robots.txt that 404s says so', () => {
    const r = outcome(sitemapPresent, bare({
      robotsTxt: textFile(`${O}/robots.txt`, `Sitemap: ${O}/sm.xml\n`),
      sitemap: missing(`${O}/sm.xml`),
    }));
    expect(r.detail).toMatch(/sm.xml \(named in robots.txt\) answered HTTP 404/);
  });
  test('HTML at 200 fails', () => {
    const r = outcome(sitemapPresent, bare({ sitemap: resource(`${O}/sitemap.xml`, '<!doctype html><p>home</p>') }));
    expect(r).toMatchObject({ score: 0, title: 'Sitemap URL serves an HTML page' });
  });
  test('a gzip sitemap passes (allowed by the protocol); another binary fails', () => {
    expect(judge(sitemapPresent, bare({ sitemap: resource(`${O}/sitemap.xml.gz`, '', { binary: true, headers: { 'content-type': 'application/gzip' } }) }))).toEqual({ score: 1 });
    expect(outcome(sitemapPresent, bare({ sitemap: resource(`${O}/sitemap.xml`, '', { binary: true, headers: { 'content-type': 'image/png' } }) })).score).toBe(0);
  });
  test('not a sitemap, malformed, or with warnings', () => {
    const foreign = outcome(sitemapPresent, sm('<?xml version="1.0"?><catalog><book/></catalog>'));
    expect(foreign).toMatchObject({ score: 0, title: 'Sitemap is not valid' });
    expect(foreign.detail).toMatch(/root element is <catalog>/);
    expect(outcome(sitemapPresent, sm(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${O}/</loc></urlx></urlset>`)).score).toBe(0.3);
    const noNs = outcome(sitemapPresent, sm(`<urlset><url><loc>${O}/</loc></url></urlset>`));
    expect(noNs).toMatchObject({ score: 0.8, severity: 'notice' });
  });
  test('5xx fails; network error is not applicable', () => {
    expect(outcome(sitemapPresent, bare({ sitemap: resource(`${O}/sitemap.xml`, 'x', { status: 500 }) })).title).toBe('Sitemap cannot be fetched');
    expect(judge(sitemapPresent, bare({ sitemap: net(`${O}/sitemap.xml`) }))).toBe(NOT_APPLICABLE);
  });
});

describe('sitemap.lastmod', () => {
  const sm = (locs: Array<[string, string | null]>) => bare({ sitemap: textFile(`${O}/sitemap.xml`, sitemapXml(locs), 'application/xml') });
  test('passes when every entry has a valid past date', () => {
    expect(judge(sitemapLastmod, sm([[`${O}/`, '2026-01-01'], [`${O}/a`, '2026-02-01T10:00:00Z']]))).toEqual({ score: 1 });
  });
  test('fails when no entry has a lastmod', () => {
    const r = outcome(sitemapLastmod, sm([[`${O}/`, null], [`${O}/a`, null]]));
    expect(r.score).toBe(0);
    expect(r.detail).toMatch(/None of the 2 sitemap entries/);
  });
  test('partial: missing, invalid and future dates are counted', () => {
    const r = outcome(sitemapLastmod, sm([[`${O}/`, '2026-01-01'], [`${O}/a`, '01/02/2026'], [`${O}/b`, '2099-01-01'], [`${O}/c`, null]]));
    expect(r.score).toBeCloseTo(0.25);
    expect(r.detail).toMatch(/1 of 4 entries has no <lastmod>, 1 date is not in W3C format \(e.g. "01\/02\/2026"\) and 1 date lies in the future/);
  });
  test('not applicable without a valid XML sitemap', () => {
    expect(judge(sitemapLastmod, bare())).toBe(NOT_APPLICABLE);
    expect(judge(sitemapLastmod, bare({ sitemap: textFile(`${O}/sitemap.txt`, `${O}/\n`) }))).toBe(NOT_APPLICABLE);
  });
});

describe('sitemap.lists-page', () => {
  const sm = (locs: string[], page = `${O}/`) =>
    snapshot('<p>x</p>', { requestedUrl: page, sitemap: textFile(`${O}/sitemap.xml`, sitemapXml(locs.map((l) => [l, null])), 'application/xml') });
  test('passes when the page is listed (trailing slash and fragment ignored)', () => {
    expect(judge(sitemapListsPage, sm([`${O}/blog/post/`], `${O}/blog/post`))).toEqual({ score: 1 });
  });
  test('passes when the canonical URL is listed', () => {
    const s = snapshot(`<link rel="canonical" href="${O}/blog/post">`, {
      requestedUrl: `${O}/blog/post?utm=1`,
      sitemap: textFile(`${O}/sitemap.xml`, sitemapXml([[`${O}/blog/post`, null]]), 'application/xml'),
    });
    expect(judge(sitemapListsPage, s)).toEqual({ score: 1 });
  });
  test('fails when the page is absent from a urlset', () => {
    const r = outcome(sitemapListsPage, sm([`${O}/other`]));
    expect(r.score).toBe(0);
    expect(r.detail).toMatch(/lists 1 URL but not this page \(https:\/\/example.com\/\)/);
  });
  test('not applicable for a sitemap index or a cut file', () => {
    const index = `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${O}/s1.xml</loc></sitemap></sitemapindex>`;
    expect(judge(sitemapListsPage, bare({ sitemap: textFile(`${O}/sitemap.xml`, index, 'application/xml') }))).toBe(NOT_APPLICABLE);
    const cut = { ...textFile(`${O}/sitemap.xml`, sitemapXml([[`${O}/other`, null]]), 'application/xml'), truncated: true };
    expect(judge(sitemapListsPage, bare({ sitemap: cut }))).toBe(NOT_APPLICABLE);
  });
});

describe('sitemap.in-robots', () => {
  const sitemap = textFile(`${O}/sitemap.xml`, sitemapXml([[`${O}/`, null]]), 'application/xml');
  test('passes with a Sitemap: line', () => {
    expect(judge(sitemapInRobots, bare({ sitemap, robotsTxt: textFile(`${O}/robots.txt`, `User-agent: *\nSitemap: ${O}/sitemap.xml`) }))).toEqual({ score: 1 });
  });
  test('fails when robots.txt has no Sitemap: line or is missing', () => {
    const r = outcome(sitemapInRobots, bare({ sitemap, robotsTxt: textFile(`${O}/robots.txt`, 'User-agent: *\nDisallow:') }));
    expect(r.score).toBe(0);
    expect(r.detail).toMatch(/Add "Sitemap: https:\/\/example.com\/sitemap.xml"/);
    expect(outcome(sitemapInRobots, bare({ sitemap })).detail).toMatch(/no readable robots.txt/);
  });
  test('not applicable when there is no sitemap at all or robots.txt was unreachable', () => {
    expect(judge(sitemapInRobots, bare({ robotsTxt: textFile(`${O}/robots.txt`, 'User-agent: *') }))).toBe(NOT_APPLICABLE);
    expect(judge(sitemapInRobots, bare({ sitemap, robotsTxt: net(`${O}/robots.txt`) }))).toBe(NOT_APPLICABLE);
  });
});

describe('markdown.negotiation', () => {
  const md = (headers: Record<string, string>, body = '# Title\n\nText') => resource(`${O}/`, body, { headers });
  const page = (vary?: string) => resource(`${O}/`, '<p>x</p>', { headers: { 'content-type': 'text/html', ...(vary ? { vary } : {}) } });
  test('Markdown with Vary: Accept on both responses passes', () => {
    expect(judge(markdownNegotiation, bare({ page: page('Accept-Encoding, Accept'), markdown: md({ 'content-type': 'text/markdown; charset=utf-8', vary: 'Accept' }) }))).toEqual({ score: 1 });
  });
  test('Markdown without Vary: Accept is partial credit and a warning', () => {
    const r = outcome(markdownNegotiation, bare({ page: page(), markdown: md({ 'content-type': 'text/markdown' }) }));
    expect(r).toMatchObject({ score: 0.6, severity: 'warning' });
    expect(r.detail).toMatch(/neither response sends Vary: Accept/);
  });
  test('HTML in answer to Accept: text/markdown fails as a notice', () => {
    const r = outcome(markdownNegotiation, bare());
    expect(r.score).toBe(0);
    expect(r.detail).toMatch(/the page answers text\/html/);
    expect(markdownNegotiation.severity).toBe('notice');
  });
  test('a text/markdown label on an HTML body does not count', () => {
    expect(outcome(markdownNegotiation, bare({ markdown: md({ 'content-type': 'text/markdown' }, '<!doctype html><p>x</p>') })).score).toBe(0);
  });
  test('half credit when only an alternate Markdown link exists', () => {
    const s = withHead(`<link rel="alternate" type="text/markdown" href="/index.md">`);
    expect(outcome(markdownNegotiation, s).score).toBe(0.5);
  });
  test('not applicable when the markdown fetch was not made or failed', () => {
    expect(judge(markdownNegotiation, bare({ markdown: null }))).toBe(NOT_APPLICABLE);
    expect(judge(markdownNegotiation, bare({ markdown: net(`${O}/`) }))).toBe(NOT_APPLICABLE);
  });
});

describe('markdown.alternate-link', () => {
  test('passes with <link rel=alternate type=text/markdown>', () => {
    expect(judge(markdownAlternateLink, withHead('<link rel="alternate" type="text/markdown" href="/page.md">'))).toEqual({ score: 1 });
  });
  test('passes with a Link header alternate', () => {
    const page = resource(`${O}/`, '<p>x</p>', { headers: { 'content-type': 'text/html', link: '</page.md>; rel="alternate"; type="text/markdown"' } });
    expect(judge(markdownAlternateLink, bare({ page }))).toEqual({ score: 1 });
  });
  test('fails without; half credit when Markdown is negotiated', () => {
    expect(outcome(markdownAlternateLink, bare()).score).toBe(0);
    expect(outcome(markdownAlternateLink, withHead('<link rel="alternate" type="application/rss+xml" href="/feed">')).score).toBe(0);
    const negotiated = bare({ markdown: resource(`${O}/`, '# x', { headers: { 'content-type': 'text/markdown' } }) });
    expect(outcome(markdownAlternateLink, negotiated).score).toBe(0.5);
  });
});

describe('canonical.valid', () => {
  const at = (url: string, head: string, over: Partial<Snapshot> = {}) =>
    snapshot(`<html><head>${head}</head><body></body></html>`, { requestedUrl: url, ...over });
  test('one absolute canonical to the page itself passes', () => {
    expect(judge(canonicalUrl, at(`${O}/a`, `<link rel="canonical" href="${O}/a">`))).toEqual({ score: 1 });
  });
  test('a canonical in the Link header alone passes, and agreeing with the HTML one too', () => {
    const page = resource(`${O}/a`, `<link rel="canonical" href="${O}/a">`, { headers: { 'content-type': 'text/html', link: `<${O}/a>; rel="canonical"` } });
    expect(judge(canonicalUrl, at(`${O}/a`, '', { page }))).toEqual({ score: 1 });
    const headerOnly = resource(`${O}/a`, '<p>x</p>', { headers: { 'content-type': 'text/html', link: `<${O}/a>; rel="canonical"` } });
    expect(judge(canonicalUrl, at(`${O}/a`, '', { page: headerOnly }))).toEqual({ score: 1 });
  });
  test('missing canonical is half credit, a notice', () => {
    expect(judge(canonicalUrl, at(`${O}/a`, ''))).toMatchObject({ score: 0.5, severity: 'notice', title: 'No canonical URL' });
  });
  test('conflicting canonicals fail as a warning', () => {
    const r = outcome(canonicalUrl, at(`${O}/a`, `<link rel="canonical" href="${O}/a"><link rel="canonical" href="${O}/b">`));
    expect(r).toMatchObject({ score: 0, title: 'Conflicting canonical URLs' });
    expect(r.severity).toBeUndefined();
    expect(canonicalUrl.severity).toBe('warning');
    const page = resource(`${O}/a`, `<link rel="canonical" href="${O}/a">`, { headers: { 'content-type': 'text/html', link: `<${O}/c>; rel="canonical"` } });
    expect(outcome(canonicalUrl, at(`${O}/a`, '', { page })).detail).toMatch(/\/c \(Link header\)/);
  });
  test('duplicate tags with the same URL are fine', () => {
    expect(judge(canonicalUrl, at(`${O}/a`, `<link rel="canonical" href="${O}/a"><link rel="canonical" href="${O}/a#x">`))).toEqual({ score: 1 });
  });
  test('another site is penalised; another subdomain of the same site is not', () => {
    expect(outcome(canonicalUrl, at(`${O}/a`, '<link rel="canonical" href="https://other.org/a">')).title).toBe('Canonical points to another site');
    expect(judge(canonicalUrl, at('https://blog.example.com/a', `<link rel="canonical" href="https://www.example.com/a">`))).toEqual({ score: 1 });
  });
  test('a canonical to a URL that redirected here is flagged', () => {
    const page = resource(`${O}/new`, `<link rel="canonical" href="${O}/old">`, { redirects: [{ url: `${O}/old`, status: 301 }] });
    expect(outcome(canonicalUrl, at(`${O}/old`, '', { page })).title).toBe('Canonical points to a redirecting URL');
  });
  test('http:// canonical on an https page, and deep pages canonicalised to the home page', () => {
    expect(outcome(canonicalUrl, at(`${O}/a`, '<link rel="canonical" href="http://example.com/a">')).title).toBe('Canonical points to the http:// version');
    expect(outcome(canonicalUrl, at(`${O}/blog/a`, `<link rel="canonical" href="${O}/">`)).title).toBe('Canonical points to the home page');
  });
  test('a relative canonical is a notice; an invalid one fails', () => {
    expect(judge(canonicalUrl, at(`${O}/a`, '<link rel="canonical" href="/a">'))).toMatchObject({ score: 0.8, severity: 'notice' });
    expect(outcome(canonicalUrl, at(`${O}/a`, '<link rel="canonical" href="mailto:x@example.com">')).title).toBe('Invalid canonical URL');
    expect(outcome(canonicalUrl, at(`${O}/a`, '<link rel="canonical" href="">')).title).toBe('Invalid canonical URL');
  });
  test('not applicable when the page failed', () => {
    expect(judge(canonicalUrl, at(`${O}/a`, '', { page: resource(`${O}/a`, 'gone', { status: 404 }) }))).toBe(NOT_APPLICABLE);
  });
});

describe('well-made site fixture sanity', () => {
  test('is the article URL', () => {
    expect(wellMadeSite().page.finalUrl).toBe(ARTICLE_URL);
  });
});
