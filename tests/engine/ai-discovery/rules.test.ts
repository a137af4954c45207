import { describe, expect, test } from 'vitest';
import { aiDiscoveryRules } from '../../../shared/rules/ai-discovery/index.js';
import llmsTxtPresent from '../../../shared/rules/ai-discovery/llms-txt.present.js';
import llmsTxtValid from '../../../shared/rules/ai-discovery/llms-txt.valid.js';
import llmsFullTxtPresent from '../../../shared/rules/ai-discovery/llms-full-txt.present.js';
import sitemapPresent from '../../../shared/rules/ai-discovery/sitemap.present.js';
import sitemapLastmod from '../../../shared/rules/ai-discovery/sitemap.lastmod.js';
import sitemapListsPage from '../../../shared/rules/ai-discovery/sitemap.lists-page.js';
import sitemapInRobots from '../../../shared/rules/ai-discovery/sitemap.in-robots.js';
import markdownNegotiation from '../../../shared/rules/ai-discovery/markdown.negotiation.js';
import markdownAlternateLink from '../../../shared/rules/ai-discovery/markdown.alternate-link.js';
import canonicalValid from '../../../shared/rules/ai-discovery/canonical.valid.js';
import { missing, resource, snapshot, textFile } from '../../helpers/snapshot.js';
import type { Snapshot } from '../../../shared/types/index.js';
import { judge, NOT_APPLICABLE, testRule } from '../rule-tester.js';
import type { RuleOutcome } from '../../../shared/judge/rule.js';
import { ARTICLE_URL, wellMadeSite } from './well-made-site.js';

const O = 'https://example.com';
const net = (url: string) => resource(url, '', { status: 0, error: { code: 'timeout', message: 'timed out' } });
const bare = (over: Partial<Snapshot> = {}) => snapshot('<html><head><title>x</title></head><body><p>Hello</p></body></html>', over);
const withHead = (head: string, over: Partial<Snapshot> = {}) => snapshot(`<html><head>${head}</head><body><p>x</p></body></html>`, over);
const sitemapXml = (locs: Array<[string, string | null]>) =>
  `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map(([l, m]) => `<url><loc>${l}</loc>${m ? `<lastmod>${m}</lastmod>` : ''}</url>`).join('')}</urlset>`;

describe('the AI Discovery rule set', () => {
  test('has at least 7 scored rules, unique ids, all in the category, none critical, informational ones only notices', () => {
    expect(aiDiscoveryRules.filter((r) => r.weight > 0).length).toBeGreaterThanOrEqual(7);
    expect(new Set(aiDiscoveryRules.map((r) => r.id)).size).toBe(aiDiscoveryRules.length);
    for (const r of aiDiscoveryRules) {
      expect(r.category).toBe('AI Discovery');
      expect(r.severity).not.toBe('critical');
      expect(r.weight).toBeGreaterThanOrEqual(0);
      if (r.weight === 0) expect(r.severity, r.id).toBe('notice');
    }
  });

  test('on the well-made site every scored rule passes, and no informational one raises an issue', () => {
    for (const r of aiDiscoveryRules) {
      const result = judge(r, wellMadeSite());
      if (r.weight > 0) expect(result, r.id).toEqual({ score: 1 });
      else expect([NOT_APPLICABLE, 1], r.id).toContain(result === NOT_APPLICABLE ? result : result.score);
    }
  });
});

const rulesOwnSeverity = (o: RuleOutcome) => expect(o.severity).toBeUndefined();
const llms = (body: string) => bare({ llmsTxt: textFile(`${O}/llms.txt`, body) });

testRule(llmsTxtPresent, {
  passes: [{ name: 'a text file, even an imperfect one (validity is the next rule)', snapshot: llms('no heading') }],
  fails: [
    { name: 'missing: a notice', snapshot: bare(), severity: 'notice', detail: /no \/llms.txt \(HTTP 404\)/ },
    {
      name: 'an HTML page at /llms.txt: a warning',
      snapshot: bare({ llmsTxt: resource(`${O}/llms.txt`, '<!doctype html><div id="root"></div>') }),
      severity: 'warning',
      title: 'llms.txt serves an HTML page',
    },
    { name: 'a 5xx', snapshot: bare({ llmsTxt: resource(`${O}/llms.txt`, 'x', { status: 502 }) }), detail: /HTTP 502/ },
    { name: 'an empty file', snapshot: llms('\n'), title: 'llms.txt is empty' },
  ],
  notApplicable: [{ name: 'a network error', snapshot: bare({ llmsTxt: net(`${O}/llms.txt`) }) }],
});

testRule(llmsTxtValid, {
  passes: [{ name: 'a clean file', snapshot: llms('# S\n\n> Sum\n\n## Docs\n\n- [A](/a): n\n') }],
  partial: [
    {
      name: 'warnings only: valid, a notice with most credit',
      snapshot: llms('# S\n\n## Docs\n\n- [A](/a)\n'),
      score: 0.8,
      severity: 'notice',
      detail: /no blockquote summary/,
    },
    {
      name: 'invalid: the problems are listed with line numbers',
      snapshot: llms('# S\n\n### Guides\n\n## Docs\n\n- [A](docs/a.md)\n- [B](/b)\n'),
      score: 0.4,
      detail: [/Line 3: H3 heading/, /Line 7: "docs\/a.md" is a relative URL/],
    },
  ],
  fails: [{ name: 'invalid with no usable link', snapshot: llms('Just some text\n') }],
  notApplicable: [
    { name: 'no text file', snapshot: bare() },
    { name: 'an HTML page', snapshot: bare({ llmsTxt: resource(`${O}/llms.txt`, '<html></html>') }) },
  ],
});

testRule(llmsFullTxtPresent, {
  passes: [{ name: 'Markdown', snapshot: bare({ llmsFullTxt: textFile(`${O}/llms-full.txt`, '# All\n\ntext', 'text/markdown') }) }],
  fails: [
    {
      name: "missing: the rule's notice",
      snapshot: bare(),
      check: (o) => {
        rulesOwnSeverity(o);
        expect(llmsFullTxtPresent.severity).toBe('notice');
      },
    },
    {
      name: 'an HTML page',
      snapshot: bare({ llmsFullTxt: resource(`${O}/llms-full.txt`, '<!DOCTYPE html><html></html>') }),
      title: 'llms-full.txt serves an HTML page',
    },
  ],
  notApplicable: [{ name: 'a network error', snapshot: bare({ llmsFullTxt: net(`${O}/llms-full.txt`) }) }],
});

const sitemapAt = (body: string, type = 'application/xml') => bare({ sitemap: textFile(`${O}/sitemap.xml`, body, type) });

testRule(sitemapPresent, {
  passes: [
    { name: 'a valid urlset', snapshot: sitemapAt(sitemapXml([[`${O}/`, '2026-01-01']])) },
    {
      name: 'a gzip sitemap (allowed by the protocol)',
      snapshot: bare({ sitemap: resource(`${O}/sitemap.xml.gz`, '', { binary: true, headers: { 'content-type': 'application/gzip' } }) }),
    },
  ],
  fails: [
    { name: 'a 404, saying where it looked', snapshot: bare(), detail: /https:\/\/example.com\/sitemap.xml answered HTTP 404/ },
    {
      name: 'a sitemap named in robots.txt that 404s, saying so',
      snapshot: bare({ robotsTxt: textFile(`${O}/robots.txt`, `Sitemap: ${O}/sm.xml\n`), sitemap: missing(`${O}/sm.xml`) }),
      detail: /sm.xml \(named in robots.txt\) answered HTTP 404/,
    },
    {
      name: 'HTML at 200',
      snapshot: bare({ sitemap: resource(`${O}/sitemap.xml`, '<!doctype html><p>home</p>') }),
      title: 'Sitemap URL serves an HTML page',
    },
    {
      name: 'another binary',
      snapshot: bare({ sitemap: resource(`${O}/sitemap.xml`, '', { binary: true, headers: { 'content-type': 'image/png' } }) }),
    },
    {
      name: 'not a sitemap',
      snapshot: sitemapAt('<?xml version="1.0"?><catalog><book/></catalog>'),
      title: 'Sitemap is not valid',
      detail: /root element is <catalog>/,
    },
    { name: 'a 5xx', snapshot: bare({ sitemap: resource(`${O}/sitemap.xml`, 'x', { status: 500 }) }), title: 'Sitemap cannot be fetched' },
  ],
  partial: [
    {
      name: 'malformed',
      snapshot: sitemapAt(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${O}/</loc></urlx></urlset>`),
      score: 0.3,
    },
    {
      name: 'with warnings: a notice',
      snapshot: sitemapAt(`<urlset><url><loc>${O}/</loc></url></urlset>`),
      score: 0.8,
      severity: 'notice',
    },
  ],
  notApplicable: [{ name: 'a network error', snapshot: bare({ sitemap: net(`${O}/sitemap.xml`) }) }],
});

const withLastmods = (locs: Array<[string, string | null]>) => sitemapAt(sitemapXml(locs));

testRule(sitemapLastmod, {
  passes: [
    {
      name: 'every entry has a valid past date',
      snapshot: withLastmods([
        [`${O}/`, '2026-01-01'],
        [`${O}/a`, '2026-02-01T10:00:00Z'],
      ]),
    },
  ],
  fails: [
    {
      name: 'no entry has a lastmod',
      snapshot: withLastmods([
        [`${O}/`, null],
        [`${O}/a`, null],
      ]),
      detail: /None of the 2 sitemap entries/,
    },
  ],
  partial: [
    {
      name: 'missing, invalid and future dates are counted',
      snapshot: withLastmods([
        [`${O}/`, '2026-01-01'],
        [`${O}/a`, '01/02/2026'],
        [`${O}/b`, '2099-01-01'],
        [`${O}/c`, null],
      ]),
      detail: /1 of 4 entries has no <lastmod>, 1 date is not in W3C format \(e.g. "01\/02\/2026"\) and 1 date lies in the future/,
      check: (o) => expect(o.score).toBeCloseTo(0.25),
    },
  ],
  notApplicable: [
    { name: 'no sitemap', snapshot: bare() },
    { name: 'a text sitemap (no dates to judge)', snapshot: bare({ sitemap: textFile(`${O}/sitemap.txt`, `${O}/\n`) }) },
  ],
});

const listing = (locs: string[], page = `${O}/`) =>
  snapshot('<p>x</p>', {
    requestedUrl: page,
    sitemap: textFile(`${O}/sitemap.xml`, sitemapXml(locs.map((l) => [l, null])), 'application/xml'),
  });

testRule(sitemapListsPage, {
  passes: [
    { name: 'the page is listed (trailing slash and fragment ignored)', snapshot: listing([`${O}/blog/post/`], `${O}/blog/post`) },
    {
      name: 'the canonical URL is listed',
      snapshot: snapshot(`<link rel="canonical" href="${O}/blog/post">`, {
        requestedUrl: `${O}/blog/post?utm=1`,
        sitemap: textFile(`${O}/sitemap.xml`, sitemapXml([[`${O}/blog/post`, null]]), 'application/xml'),
      }),
    },
  ],
  fails: [
    {
      name: 'the page is absent from a urlset',
      snapshot: listing([`${O}/other`]),
      detail: /lists 1 URL but not this page \(https:\/\/example.com\/\)/,
    },
  ],
  notApplicable: [
    {
      name: 'a sitemap index',
      snapshot: sitemapAt(
        `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${O}/s1.xml</loc></sitemap></sitemapindex>`,
      ),
    },
    {
      name: 'a cut file',
      snapshot: bare({
        sitemap: { ...textFile(`${O}/sitemap.xml`, sitemapXml([[`${O}/other`, null]]), 'application/xml'), truncated: true },
      }),
    },
  ],
});

const A_SITEMAP = textFile(`${O}/sitemap.xml`, sitemapXml([[`${O}/`, null]]), 'application/xml');

testRule(sitemapInRobots, {
  passes: [
    {
      name: 'a Sitemap: line',
      snapshot: bare({ sitemap: A_SITEMAP, robotsTxt: textFile(`${O}/robots.txt`, `User-agent: *\nSitemap: ${O}/sitemap.xml`) }),
    },
  ],
  fails: [
    {
      name: 'robots.txt without a Sitemap: line',
      snapshot: bare({ sitemap: A_SITEMAP, robotsTxt: textFile(`${O}/robots.txt`, 'User-agent: *\nDisallow:') }),
      detail: /Add "Sitemap: https:\/\/example.com\/sitemap.xml"/,
    },
    { name: 'no robots.txt', snapshot: bare({ sitemap: A_SITEMAP }), detail: /no readable robots.txt/ },
  ],
  notApplicable: [
    { name: 'no sitemap at all', snapshot: bare({ robotsTxt: textFile(`${O}/robots.txt`, 'User-agent: *') }) },
    { name: 'robots.txt unreachable', snapshot: bare({ sitemap: A_SITEMAP, robotsTxt: net(`${O}/robots.txt`) }) },
  ],
});

const markdownAnswer = (headers: Record<string, string>, body = '# Title\n\nText') => resource(`${O}/`, body, { headers });
const htmlPage = (vary?: string) => resource(`${O}/`, '<p>x</p>', { headers: { 'content-type': 'text/html', ...(vary ? { vary } : {}) } });

testRule(markdownNegotiation, {
  passes: [
    {
      name: 'Markdown with Vary: Accept on both responses',
      snapshot: bare({
        page: htmlPage('Accept-Encoding, Accept'),
        markdown: markdownAnswer({ 'content-type': 'text/markdown; charset=utf-8', vary: 'Accept' }),
      }),
    },
  ],
  partial: [
    {
      name: 'Markdown without Vary: Accept: a warning',
      snapshot: bare({ page: htmlPage(), markdown: markdownAnswer({ 'content-type': 'text/markdown' }) }),
      score: 0.6,
      severity: 'warning',
      detail: /neither response sends Vary: Accept/,
    },
    {
      name: 'only an alternate Markdown link: half credit',
      snapshot: withHead(`<link rel="alternate" type="text/markdown" href="/index.md">`),
      score: 0.5,
    },
  ],
  fails: [
    {
      name: 'HTML in answer to Accept: text/markdown: a notice',
      snapshot: bare(),
      detail: /the page answers text\/html/,
      check: () => expect(markdownNegotiation.severity).toBe('notice'),
    },
    {
      name: 'a text/markdown label on an HTML body does not count',
      snapshot: bare({ markdown: markdownAnswer({ 'content-type': 'text/markdown' }, '<!doctype html><p>x</p>') }),
    },
  ],
  notApplicable: [
    { name: 'the markdown fetch was not made', snapshot: bare({ markdown: null }) },
    { name: 'the markdown fetch failed', snapshot: bare({ markdown: net(`${O}/`) }) },
  ],
});

testRule(markdownAlternateLink, {
  passes: [
    { name: '<link rel=alternate type=text/markdown>', snapshot: withHead('<link rel="alternate" type="text/markdown" href="/page.md">') },
    {
      name: 'a Link header alternate',
      snapshot: bare({
        page: resource(`${O}/`, '<p>x</p>', {
          headers: { 'content-type': 'text/html', link: '</page.md>; rel="alternate"; type="text/markdown"' },
        }),
      }),
    },
  ],
  fails: [
    { name: 'no alternate', snapshot: bare() },
    { name: 'an alternate of another type', snapshot: withHead('<link rel="alternate" type="application/rss+xml" href="/feed">') },
  ],
  partial: [
    {
      name: 'Markdown negotiated but not linked: half credit',
      snapshot: bare({ markdown: resource(`${O}/`, '# x', { headers: { 'content-type': 'text/markdown' } }) }),
      score: 0.5,
    },
  ],
});

const at = (url: string, head: string, over: Partial<Snapshot> = {}) =>
  snapshot(`<html><head>${head}</head><body></body></html>`, { requestedUrl: url, ...over });
const withLinkHeader = (body: string, link: string) => resource(`${O}/a`, body, { headers: { 'content-type': 'text/html', link } });

testRule(canonicalValid, {
  passes: [
    { name: 'one absolute canonical to the page itself', snapshot: at(`${O}/a`, `<link rel="canonical" href="${O}/a">`) },
    {
      name: 'a Link header canonical agreeing with the HTML one',
      snapshot: at(`${O}/a`, '', { page: withLinkHeader(`<link rel="canonical" href="${O}/a">`, `<${O}/a>; rel="canonical"`) }),
    },
    {
      name: 'a canonical in the Link header alone',
      snapshot: at(`${O}/a`, '', { page: withLinkHeader('<p>x</p>', `<${O}/a>; rel="canonical"`) }),
    },
    {
      name: 'duplicate tags with the same URL',
      snapshot: at(`${O}/a`, `<link rel="canonical" href="${O}/a"><link rel="canonical" href="${O}/a#x">`),
    },
    {
      name: 'another subdomain of the same site',
      snapshot: at('https://blog.example.com/a', `<link rel="canonical" href="https://www.example.com/a">`),
    },
  ],
  partial: [
    { name: 'no canonical: half credit, a notice', snapshot: at(`${O}/a`, ''), score: 0.5, severity: 'notice', title: 'No canonical URL' },
    {
      name: 'another site',
      snapshot: at(`${O}/a`, '<link rel="canonical" href="https://other.org/a">'),
      title: 'Canonical points to another site',
    },
    {
      name: 'a URL that redirected here',
      snapshot: at(`${O}/old`, '', {
        page: resource(`${O}/new`, `<link rel="canonical" href="${O}/old">`, { redirects: [{ url: `${O}/old`, status: 301 }] }),
      }),
      title: 'Canonical points to a redirecting URL',
    },
    {
      name: 'the http:// version of an https page',
      snapshot: at(`${O}/a`, '<link rel="canonical" href="http://example.com/a">'),
      title: 'Canonical points to the http:// version',
    },
    {
      name: 'a deep page canonicalised to the home page',
      snapshot: at(`${O}/blog/a`, `<link rel="canonical" href="${O}/">`),
      title: 'Canonical points to the home page',
    },
    { name: 'a relative canonical: a notice', snapshot: at(`${O}/a`, '<link rel="canonical" href="/a">'), score: 0.8, severity: 'notice' },
  ],
  fails: [
    {
      name: 'conflicting canonicals: a warning',
      snapshot: at(`${O}/a`, `<link rel="canonical" href="${O}/a"><link rel="canonical" href="${O}/b">`),
      title: 'Conflicting canonical URLs',
      check: (o) => {
        rulesOwnSeverity(o);
        expect(canonicalValid.severity).toBe('warning');
      },
    },
    {
      name: 'an HTML canonical conflicting with the Link header',
      snapshot: at(`${O}/a`, '', { page: withLinkHeader(`<link rel="canonical" href="${O}/a">`, `<${O}/c>; rel="canonical"`) }),
      detail: /\/c \(Link header\)/,
    },
    {
      name: 'a mailto: canonical',
      snapshot: at(`${O}/a`, '<link rel="canonical" href="mailto:x@example.com">'),
      title: 'Invalid canonical URL',
    },
    { name: 'an empty canonical', snapshot: at(`${O}/a`, '<link rel="canonical" href="">'), title: 'Invalid canonical URL' },
  ],
  notApplicable: [{ name: 'the page failed', snapshot: at(`${O}/a`, '', { page: resource(`${O}/a`, 'gone', { status: 404 }) }) }],
});

describe('well-made site fixture sanity', () => {
  test('is the article URL', () => {
    expect(wellMadeSite().page.finalUrl).toBe(ARTICLE_URL);
  });
});
