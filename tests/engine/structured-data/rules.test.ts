import { describe, expect, test } from 'vitest';
import jsonLdPresent from '../../../shared/rules/structured-data/json-ld.present.js';
import jsonLdParses from '../../../shared/rules/structured-data/json-ld.parses.js';
import schemaKnownTypes from '../../../shared/rules/structured-data/schema.known-types.js';
import schemaRequiredProperties from '../../../shared/rules/structured-data/schema.required-properties.js';
import schemaIdentity from '../../../shared/rules/structured-data/schema.identity.js';
import schemaPropertyValues from '../../../shared/rules/structured-data/schema.property-values.js';
import openGraphTags from '../../../shared/rules/structured-data/open-graph.tags.js';
import twitterCard from '../../../shared/rules/structured-data/twitter.card.js';
import { structuredDataRules } from '../../../shared/rules/structured-data/index.js';
import { resource, snapshot } from '../../helpers/snapshot.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';

const ld = (value: unknown) => `<script type="application/ld+json">${typeof value === 'string' ? value : JSON.stringify(value)}</script>`;
const page = (head: string, body = '<p>Text</p>') => snapshot(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`);
const ctx = 'https://schema.org';
const ORG = { '@context': ctx, '@type': 'Organization', name: 'Ex', url: 'https://example.com/', logo: 'https://example.com/l.png', sameAs: ['https://x.com/ex'] };
const SITE = { '@context': ctx, '@type': 'WebSite', name: 'Ex', url: 'https://example.com/' };

describe('the Structured Data rule set', () => {
  test('has at least 7 rules, unique ids, all in the category, none critical', () => {
    expect(structuredDataRules.length).toBeGreaterThanOrEqual(7);
    expect(new Set(structuredDataRules.map((r) => r.id)).size).toBe(structuredDataRules.length);
    for (const r of structuredDataRules) {
      expect(r.category).toBe('Structured Data');
      expect(r.severity).not.toBe('critical');
      expect(r.weight).toBeGreaterThan(0);
    }
  });

  test('every rule is not applicable when the page did not load', () => {
    const failed = snapshot('', { page: resource('https://example.com/', 'Server error', { status: 500 }) });
    for (const r of structuredDataRules) expect(judge(r, failed), r.id).toBe(NOT_APPLICABLE);
  });
});

describe('json-ld.present', () => {
  test('passes with a JSON-LD block', () => {
    expect(judge(jsonLdPresent, page(ld(ORG)))).toEqual({ score: 1 });
  });
  test('fails on a page without structured data', () => {
    const r = outcome(jsonLdPresent, page('<title>x</title>'));
    expect(r.score).toBe(0);
    expect(r.detail).toMatch(/no JSON-LD/);
  });
  test('microdata without JSON-LD earns half', () => {
    const html = '<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Kettle</span></div>';
    const r = outcome(jsonLdPresent, page('', html));
    expect(r.score).toBe(0.5);
    expect(r.detail).toMatch(/microdata \(Product\)/);
  });
  test('RDFa without JSON-LD earns half too', () => {
    const html = '<div vocab="https://schema.org/" typeof="Article"><span property="headline">x</span></div>';
    const r = outcome(jsonLdPresent, page('', html));
    expect(r.score).toBe(0.5);
    expect(r.detail).toMatch(/RDFa \(Article\)/);
  });
  test('JSON-LD that only the rendered DOM has (added by JavaScript) fails with its own headline', () => {
    const s = { ...page(''), rendered: { html: `<html><head>${ld(ORG)}</head></html>`, url: 'https://example.com/', capturedAt: '2026-11-21T00:00:00Z' } };
    expect(judge(jsonLdPresent, s)).toMatchObject({ score: 0, title: 'JSON-LD only added by JavaScript' });
  });
  test('words in scripts are not mistaken for microdata', () => {
    expect(outcome(jsonLdPresent, page('<script>var s = "itemtype=\\"https://schema.org/Product\\"";</script>')).score).toBe(0);
  });
});

describe('json-ld.parses', () => {
  test('not applicable without blocks, passes when all parse', () => {
    expect(judge(jsonLdParses, page(''))).toBe(NOT_APPLICABLE);
    expect(judge(jsonLdParses, page(ld(ORG) + ld(SITE)))).toEqual({ score: 1 });
  });
  test('reports each broken block with its position and scores the share that parses', () => {
    const r = outcome(jsonLdParses, page(ld(ORG) + ld('{"@type": "Article",}') + ld('')));
    expect(r.score).toBeCloseTo(1 / 3);
    expect(r.detail).toMatch(/^2 of 3 JSON-LD blocks cannot be parsed \(block 2: .+ at line 1, column \d+ and block 3: the block is empty\)/);
  });
  test('a single broken block fails', () => {
    const r = outcome(jsonLdParses, page(ld('{"@context": "https://schema.org" "@type": "Thing"}')));
    expect(r.score).toBe(0);
    expect(r.detail).toMatch(/^The JSON-LD block cannot be parsed/);
  });
});

describe('schema.known-types', () => {
  test('passes on recognised types under a schema.org context', () => {
    expect(judge(schemaKnownTypes, page(ld(ORG)))).toEqual({ score: 1 });
  });
  test('a rare but plausible type is not faulted', () => {
    expect(judge(schemaKnownTypes, page(ld([ORG, { '@context': ctx, '@type': 'Hackathon' }, { '@context': ctx, '@type': 'UnusualButRealType' }])))).toEqual({ score: 1 });
  });
  test('typos and wrong case are reported with a suggestion', () => {
    const r = outcome(schemaKnownTypes, page(ld([ORG, { '@context': ctx, '@type': 'Artical' }, { '@context': ctx, '@type': 'faqpage' }])));
    expect(r.score).toBeCloseTo(1 / 3);
    expect(r.detail).toContain('"Artical" (did you mean Article?)');
    expect(r.detail).toContain('"faqpage" (did you mean FAQPage?)');
  });
  test('non-string @type and missing @type are reported', () => {
    const r = outcome(schemaKnownTypes, page(ld({ '@context': ctx, '@graph': [ORG, { '@type': 42 }, { name: 'untyped' }] })));
    expect(r.score).toBeCloseTo(1 / 3);
    expect(r.detail).toMatch(/not a string at @graph\[1\]/);
    expect(r.detail).toMatch(/a node without @type/);
  });
  test('fails when nothing is a schema.org type (missing @context)', () => {
    const r = outcome(schemaKnownTypes, page(ld({ '@type': 'Organization', name: 'Ex' })));
    expect(r.score).toBe(0);
    expect(r.detail).toMatch(/no schema.org @context in block 1/);
  });
  test('a missing context on one of two blocks costs half', () => {
    const r = outcome(schemaKnownTypes, page(ld(ORG) + ld({ '@type': 'WebSite', name: 'Ex' })));
    expect(r.score).toBeCloseTo(0.5);
  });
  test('not applicable when no block parses', () => {
    expect(judge(schemaKnownTypes, page(ld('{broken')))).toBe(NOT_APPLICABLE);
  });
});

describe('schema.required-properties', () => {
  const article = (props: Record<string, unknown>) => page(ld({ '@context': ctx, '@type': 'BlogPosting', ...props }));
  test('an Article with headline, author and datePublished passes', () => {
    expect(judge(schemaRequiredProperties, article({ headline: 'H', author: { '@type': 'Person', name: 'J' }, datePublished: '2026-01-01' }))).toEqual({ score: 1 });
  });
  test('missing Article properties are listed and scored', () => {
    const r = outcome(schemaRequiredProperties, article({ headline: 'H' }));
    expect(r.score).toBeCloseTo(1 / 3);
    expect(r.detail).toMatch(/^BlogPosting lacks author and datePublished\./);
  });
  test('an author given by @id reference counts', () => {
    const html = ld({ '@context': ctx, '@graph': [{ '@type': 'NewsArticle', headline: 'H', datePublished: '2026-01-01', author: { '@id': '#j' } }, { '@type': 'Person', '@id': '#j', name: 'J' }] });
    expect(judge(schemaRequiredProperties, page(html))).toEqual({ score: 1 });
  });
  test('FAQPage needs questions with accepted answers', () => {
    const good = { '@context': ctx, '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } }] };
    expect(judge(schemaRequiredProperties, page(ld(good)))).toEqual({ score: 1 });
    const bad = { '@context': ctx, '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'Q?' }] };
    const r = outcome(schemaRequiredProperties, page(ld(bad)));
    expect(r.score).toBeCloseTo(0.5);
    expect(r.detail).toMatch(/acceptedAnswer/);
  });
  test('each listed type has its requirements', () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ '@type': 'HowTo', name: 'x' }, /HowTo lacks step/],
      [{ '@type': 'Organization', name: 'x' }, /Organization lacks url/],
      [{ '@type': 'Restaurant', name: 'x' }, /Restaurant lacks address/],
      [{ '@type': 'Product', name: 'x' }, /Product lacks offers, review or aggregateRating/],
      [{ '@type': 'BreadcrumbList' }, /BreadcrumbList lacks itemListElement/],
      [{ '@type': 'WebSite', url: 'https://example.com/' }, /WebSite lacks name/],
    ];
    for (const [entity, message] of cases) {
      const r = outcome(schemaRequiredProperties, page(ld({ '@context': ctx, ...entity })));
      expect(r.score, JSON.stringify(entity)).toBeLessThan(1);
      expect(r.detail).toMatch(message);
    }
  });
  test('a Product without offers keeps most credit (offers are recommended, not required)', () => {
    expect(outcome(schemaRequiredProperties, page(ld({ '@context': ctx, '@type': 'Product', name: 'Kettle' }))).score).toBeCloseTo(1 / 1.5);
  });
  test('nested entities (a publisher without url) are not held to top-level requirements', () => {
    const html = ld({ '@context': ctx, '@type': 'Article', headline: 'H', author: 'J', datePublished: '2026-01-01', publisher: { '@type': 'Organization', name: 'Ex' } });
    expect(judge(schemaRequiredProperties, page(html))).toEqual({ score: 1 });
  });
  test('not applicable when no entity has known requirements', () => {
    expect(judge(schemaRequiredProperties, page(ld({ '@context': ctx, '@type': 'Thing', name: 'x' })))).toBe(NOT_APPLICABLE);
  });
});

describe('schema.identity', () => {
  test('Organization with name, url, logo, sameAs plus a WebSite passes', () => {
    expect(judge(schemaIdentity, page(ld([ORG, SITE])))).toEqual({ score: 1 });
  });
  test('a nested publisher Organization counts', () => {
    const html = ld([{ '@context': ctx, '@type': 'Article', publisher: ORG }, SITE]);
    expect(judge(schemaIdentity, page(html))).toEqual({ score: 1 });
  });
  test('fails with no identity entity at all', () => {
    const r = outcome(schemaIdentity, page(ld({ '@context': ctx, '@type': 'Article', headline: 'x' })));
    expect(r.score).toBe(0);
    expect(r.detail).toMatch(/No Organization, Person or WebSite/);
  });
  test('partial identity lists what is missing', () => {
    const r = outcome(schemaIdentity, page(ld({ '@context': ctx, '@type': 'Organization', name: 'Ex', url: 'https://example.com/' })));
    expect(r.score).toBeCloseTo(0.5);
    expect(r.detail).toMatch(/Organization logo, Organization sameAs and a WebSite entity/);
  });
  test('an article author (a nested Person) is not taken for the site identity', () => {
    const html = ld({ '@context': ctx, '@type': 'Article', author: { '@type': 'Person', name: 'J', url: 'https://j.dev/' } });
    expect(outcome(schemaIdentity, page(html)).score).toBe(0);
  });
  test('a Person publisher is scored on image instead of logo', () => {
    const person = { '@context': ctx, '@type': 'Person', name: 'Jane', url: 'https://jane.dev/', image: 'https://jane.dev/me.jpg', sameAs: 'https://github.com/jane' };
    expect(judge(schemaIdentity, page(ld([person, SITE])))).toEqual({ score: 1 });
  });
  test('identity only in microdata earns some credit', () => {
    const r = outcome(schemaIdentity, page('', '<div itemscope itemtype="http://schema.org/Organization"><span itemprop="name">Ex</span></div>'));
    expect(r.score).toBe(0.4);
    expect(r.severity).toBe('notice');
  });
});

describe('schema.property-values', () => {
  test('ISO dates and absolute or root-relative URLs pass', () => {
    const html = ld({ '@context': ctx, '@type': 'Article', datePublished: '2026-03-01', dateModified: '2026-03-02T09:00:00+01:00', url: 'https://example.com/a', image: '/img/a.png' });
    expect(judge(schemaPropertyValues, page(html))).toEqual({ score: 1 });
  });
  test('human dates and scheme-less URLs are reported', () => {
    const html = ld({ '@context': ctx, '@type': 'Article', datePublished: 'March 3, 2026', dateModified: '2026-02-30', url: 'www.example.com/a', image: 'https://example.com/i.png' });
    const r = outcome(schemaPropertyValues, page(html));
    expect(r.score).toBeCloseTo(1 / 4);
    expect(r.detail).toMatch(/datePublished "March 3, 2026", dateModified "2026-02-30" and url "www.example.com\/a"/);
  });
  test('not applicable when there are no dates or URLs', () => {
    expect(judge(schemaPropertyValues, page(ld({ '@context': ctx, '@type': 'Thing', name: 'x' })))).toBe(NOT_APPLICABLE);
  });
});

describe('open-graph.tags', () => {
  const og = (tags: Record<string, string>) => page(Object.entries(tags).map(([k, v]) => `<meta property="og:${k}" content="${v}">`).join(''));
  const full = { title: 'T', description: 'D', image: 'https://example.com/i.png', type: 'article', url: 'https://example.com/' };
  test('all five tags pass', () => {
    expect(judge(openGraphTags, og(full))).toEqual({ score: 1 });
  });
  test('none fails as a warning', () => {
    const r = outcome(openGraphTags, og({}));
    expect(r.score).toBe(0);
    expect(r.severity).toBeUndefined();
  });
  test('partial credit by tag, as a notice', () => {
    const r = outcome(openGraphTags, og({ title: 'T', description: 'D' }));
    expect(r.score).toBeCloseTo(0.4);
    expect(r.severity).toBe('notice');
    expect(r.detail).toMatch(/missing og:image, og:type and og:url/);
  });
  test('a relative og:image earns half its part', () => {
    const r = outcome(openGraphTags, og({ ...full, image: '/i.png' }));
    expect(r.score).toBeCloseTo(0.85);
    expect(r.detail).toMatch(/og:image not an absolute URL/);
  });
  test('tags written with name= are read too', () => {
    const html = Object.entries(full).map(([k, v]) => `<meta name="og:${k}" content="${v}">`).join('');
    expect(judge(openGraphTags, page(html))).toEqual({ score: 1 });
  });
});

describe('twitter.card', () => {
  test('passes with a valid card type', () => {
    expect(judge(twitterCard, page('<meta name="twitter:card" content="summary_large_image">'))).toEqual({ score: 1 });
  });
  test('fails without one, half credit for an unknown type', () => {
    expect(outcome(twitterCard, page('')).score).toBe(0);
    expect(outcome(twitterCard, page('<meta name="twitter:card" content="large">')).score).toBe(0.5);
  });
});
