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
import { judge, NOT_APPLICABLE, outcome, testRule } from '../rule-tester.js';
import type { RuleOutcome } from '../../../shared/judge/rule.js';

const ld = (value: unknown) => `<script type="application/ld+json">${typeof value === 'string' ? value : JSON.stringify(value)}</script>`;
const page = (head: string, body = '<p>Text</p>') => snapshot(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`);
const ctx = 'https://schema.org';
const ORG = {
  '@context': ctx,
  '@type': 'Organization',
  name: 'Ex',
  url: 'https://example.com/',
  logo: 'https://example.com/l.png',
  sameAs: ['https://x.com/ex'],
};
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

/** The score, to float precision. */
const about = (score: number) => (o: RuleOutcome) => expect(o.score).toBeCloseTo(score);

testRule(jsonLdPresent, {
  passes: [{ name: 'a JSON-LD block', snapshot: page(ld(ORG)) }],
  fails: [
    { name: 'a page without structured data', snapshot: page('<title>x</title>'), detail: /no JSON-LD/ },
    {
      name: 'JSON-LD that only the rendered DOM has (added by JavaScript), with its own headline',
      snapshot: {
        ...page(''),
        rendered: { html: `<html><head>${ld(ORG)}</head></html>`, url: 'https://example.com/', capturedAt: '2026-11-21T00:00:00Z' },
      },
      title: 'JSON-LD only added by JavaScript',
    },
    {
      name: 'words in scripts are not mistaken for microdata',
      snapshot: page('<script>var s = "itemtype=\\"https://schema.org/Product\\"";</script>'),
    },
    {
      name: 'words in text and comments are not mistaken for microdata either',
      snapshot: page(
        '<!-- itemtype="https://schema.org/Product" -->',
        '<p>Write itemtype="https://schema.org/Product" on the element.</p>',
      ),
    },
  ],
  partial: [
    {
      name: 'microdata without JSON-LD earns half',
      snapshot: page('', '<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Kettle</span></div>'),
      score: 0.5,
      detail: /microdata \(Product\)/,
    },
    {
      name: 'RDFa without JSON-LD earns half too',
      snapshot: page('', '<div vocab="https://schema.org/" typeof="Article"><span property="headline">x</span></div>'),
      score: 0.5,
      detail: /RDFa \(Article\)/,
    },
  ],
});

testRule(jsonLdParses, {
  passes: [{ name: 'every block parses', snapshot: page(ld(ORG) + ld(SITE)) }],
  partial: [
    {
      name: 'each broken block reported with its position; credit for the share that parses',
      snapshot: page(ld(ORG) + ld('{"@type": "Article",}') + ld('')),
      detail: /^2 of 3 JSON-LD blocks cannot be parsed \(block 2: .+ at line 1, column \d+ and block 3: the block is empty\)/,
      check: about(1 / 3),
    },
  ],
  fails: [
    {
      name: 'a single broken block',
      snapshot: page(ld('{"@context": "https://schema.org" "@type": "Thing"}')),
      detail: /^The JSON-LD block cannot be parsed/,
    },
  ],
  notApplicable: [{ name: 'no block', snapshot: page('') }],
});

testRule(schemaKnownTypes, {
  passes: [
    { name: 'recognised types under a schema.org context', snapshot: page(ld(ORG)) },
    {
      name: 'a rare but plausible type is not faulted',
      snapshot: page(ld([ORG, { '@context': ctx, '@type': 'Hackathon' }, { '@context': ctx, '@type': 'UnusualButRealType' }])),
    },
  ],
  partial: [
    {
      name: 'typos and wrong case, with a suggestion',
      snapshot: page(ld([ORG, { '@context': ctx, '@type': 'Artical' }, { '@context': ctx, '@type': 'faqpage' }])),
      detail: ['"Artical" (did you mean Article?)', '"faqpage" (did you mean FAQPage?)'],
      check: about(1 / 3),
    },
    {
      name: 'a non-string @type and a missing @type',
      snapshot: page(ld({ '@context': ctx, '@graph': [ORG, { '@type': 42 }, { name: 'untyped' }] })),
      detail: [/not a string at @graph\[1\]/, /a node without @type/],
      check: about(1 / 3),
    },
    {
      name: 'a missing context on one of two blocks costs half',
      snapshot: page(ld(ORG) + ld({ '@type': 'WebSite', name: 'Ex' })),
      check: about(0.5),
    },
  ],
  fails: [
    {
      name: 'nothing is a schema.org type (missing @context)',
      snapshot: page(ld({ '@type': 'Organization', name: 'Ex' })),
      detail: /no schema.org @context in block 1/,
    },
  ],
  notApplicable: [{ name: 'no block parses', snapshot: page(ld('{broken')) }],
});

const article = (props: Record<string, unknown>) => page(ld({ '@context': ctx, '@type': 'BlogPosting', ...props }));
const REQUIREMENTS: Array<[Record<string, unknown>, RegExp]> = [
  [{ '@type': 'HowTo', name: 'x' }, /HowTo lacks step/],
  [{ '@type': 'Organization', name: 'x' }, /Organization lacks url/],
  [{ '@type': 'Restaurant', name: 'x' }, /Restaurant lacks address/],
  [{ '@type': 'Product', name: 'x' }, /Product lacks offers, review or aggregateRating/],
  [{ '@type': 'BreadcrumbList' }, /BreadcrumbList lacks itemListElement/],
  [{ '@type': 'WebSite', url: 'https://example.com/' }, /WebSite lacks name/],
];

testRule(schemaRequiredProperties, {
  passes: [
    {
      name: 'an Article with headline, author and datePublished',
      snapshot: article({ headline: 'H', author: { '@type': 'Person', name: 'J' }, datePublished: '2026-01-01' }),
    },
    {
      name: 'an author given by @id reference',
      snapshot: page(
        ld({
          '@context': ctx,
          '@graph': [
            { '@type': 'NewsArticle', headline: 'H', datePublished: '2026-01-01', author: { '@id': '#j' } },
            { '@type': 'Person', '@id': '#j', name: 'J' },
          ],
        }),
      ),
    },
    {
      name: 'an FAQPage whose questions have accepted answers',
      snapshot: page(
        ld({
          '@context': ctx,
          '@type': 'FAQPage',
          mainEntity: [{ '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } }],
        }),
      ),
    },
    {
      name: 'nested entities (a publisher without url) are not held to top-level requirements',
      snapshot: page(
        ld({
          '@context': ctx,
          '@type': 'Article',
          headline: 'H',
          author: 'J',
          datePublished: '2026-01-01',
          publisher: { '@type': 'Organization', name: 'Ex' },
        }),
      ),
    },
  ],
  partial: [
    {
      name: 'missing Article properties, listed',
      snapshot: article({ headline: 'H' }),
      detail: /^BlogPosting lacks author and datePublished\./,
      check: about(1 / 3),
    },
    {
      name: 'an FAQPage question without an accepted answer',
      snapshot: page(ld({ '@context': ctx, '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'Q?' }] })),
      detail: /acceptedAnswer/,
      check: about(0.5),
    },
    {
      name: 'a Product without offers keeps most credit (offers are recommended, not required)',
      snapshot: page(ld({ '@context': ctx, '@type': 'Product', name: 'Kettle' })),
      check: about(1 / 1.5),
    },
  ],
  notApplicable: [{ name: 'no entity with known requirements', snapshot: page(ld({ '@context': ctx, '@type': 'Thing', name: 'x' })) }],
});

describe('schema.required-properties per type', () => {
  test('each listed type has its requirements', () => {
    for (const [entity, message] of REQUIREMENTS) {
      const r = outcome(schemaRequiredProperties, page(ld({ '@context': ctx, ...entity })));
      expect(r.score, JSON.stringify(entity)).toBeLessThan(1);
      expect(r.detail).toMatch(message);
    }
  });
});

testRule(schemaIdentity, {
  passes: [
    { name: 'an Organization with name, url, logo and sameAs, plus a WebSite', snapshot: page(ld([ORG, SITE])) },
    { name: 'a nested publisher Organization', snapshot: page(ld([{ '@context': ctx, '@type': 'Article', publisher: ORG }, SITE])) },
    {
      name: 'a Person publisher, scored on image instead of logo',
      snapshot: page(
        ld([
          {
            '@context': ctx,
            '@type': 'Person',
            name: 'Jane',
            url: 'https://jane.dev/',
            image: 'https://jane.dev/me.jpg',
            sameAs: 'https://github.com/jane',
          },
          SITE,
        ]),
      ),
    },
  ],
  fails: [
    {
      name: 'no identity entity at all',
      snapshot: page(ld({ '@context': ctx, '@type': 'Article', headline: 'x' })),
      detail: /No Organization, Person or WebSite/,
    },
    {
      name: 'an article author (a nested Person) is not the site identity',
      snapshot: page(ld({ '@context': ctx, '@type': 'Article', author: { '@type': 'Person', name: 'J', url: 'https://j.dev/' } })),
    },
  ],
  partial: [
    {
      name: 'a partial identity lists what is missing',
      snapshot: page(ld({ '@context': ctx, '@type': 'Organization', name: 'Ex', url: 'https://example.com/' })),
      detail: /Organization logo, Organization sameAs and a WebSite entity/,
      check: about(0.5),
    },
    {
      name: 'identity only in microdata earns some credit, as a notice',
      snapshot: page('', '<div itemscope itemtype="http://schema.org/Organization"><span itemprop="name">Ex</span></div>'),
      score: 0.4,
      severity: 'notice',
    },
  ],
});

testRule(schemaPropertyValues, {
  passes: [
    {
      name: 'ISO dates and absolute or root-relative URLs',
      snapshot: page(
        ld({
          '@context': ctx,
          '@type': 'Article',
          datePublished: '2026-03-01',
          dateModified: '2026-03-02T09:00:00+01:00',
          url: 'https://example.com/a',
          image: '/img/a.png',
        }),
      ),
    },
  ],
  partial: [
    {
      name: 'human dates and scheme-less URLs, quoted',
      snapshot: page(
        ld({
          '@context': ctx,
          '@type': 'Article',
          datePublished: 'March 3, 2026',
          dateModified: '2026-02-30',
          url: 'www.example.com/a',
          image: 'https://example.com/i.png',
        }),
      ),
      detail: /datePublished "March 3, 2026", dateModified "2026-02-30" and url "www.example.com\/a"/,
      check: about(1 / 4),
    },
  ],
  notApplicable: [{ name: 'no date or URL', snapshot: page(ld({ '@context': ctx, '@type': 'Thing', name: 'x' })) }],
});

const og = (tags: Record<string, string>) =>
  page(
    Object.entries(tags)
      .map(([k, v]) => `<meta property="og:${k}" content="${v}">`)
      .join(''),
  );
const FULL_OG = { title: 'T', description: 'D', image: 'https://example.com/i.png', type: 'article', url: 'https://example.com/' };

testRule(openGraphTags, {
  passes: [
    { name: 'all five tags', snapshot: og(FULL_OG) },
    {
      name: 'tags written with name= are read too',
      snapshot: page(
        Object.entries(FULL_OG)
          .map(([k, v]) => `<meta name="og:${k}" content="${v}">`)
          .join(''),
      ),
    },
  ],
  fails: [{ name: 'no tag: a warning', snapshot: og({}), check: (o) => expect(o.severity).toBeUndefined() }],
  partial: [
    {
      name: 'credit by tag, as a notice',
      snapshot: og({ title: 'T', description: 'D' }),
      severity: 'notice',
      detail: /missing og:image, og:type and og:url/,
      check: about(0.4),
    },
    {
      name: 'a relative og:image earns half its part',
      snapshot: og({ ...FULL_OG, image: '/i.png' }),
      detail: /og:image not an absolute URL/,
      check: about(0.85),
    },
  ],
});

testRule(twitterCard, {
  passes: [{ name: 'a valid card type', snapshot: page('<meta name="twitter:card" content="summary_large_image">') }],
  fails: [{ name: 'no card', snapshot: page('') }],
  partial: [{ name: 'an unknown card type earns half', snapshot: page('<meta name="twitter:card" content="large">'), score: 0.5 }],
});
