import schemaIdentity from '../../../../shared/rules/structured-data/schema.identity.js';
import { testRule } from '../../rule-tester.js';
import { ld, page, ctx, ORG, SITE, about } from './fixtures.js';

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

// A named publisher is usable: what it lacks is a notice, not a warning.
testRule(schemaIdentity, {
  partial: [
    {
      name: 'a named Organization without url, logo or sameAs, and no WebSite: a notice',
      snapshot: page(
        ld({ '@context': ctx, '@type': 'NewsArticle', headline: 'x', publisher: { '@type': 'Organization', name: 'The Daily' } }),
      ),
      severity: 'notice',
    },
    {
      name: 'a WebSite with a name alone: a notice',
      snapshot: page(ld({ '@context': ctx, '@type': 'WebSite', name: 'The Daily' })),
      severity: 'notice',
    },
    {
      name: 'an Organization without a name still cannot be attributed: a warning',
      snapshot: page(ld({ '@context': ctx, '@type': 'Organization', logo: 'https://example.com/l.png' })),
      severity: 'warning',
    },
  ],
});

// One cause, one warning: without any JSON-LD, json-ld.present carries it.
testRule(schemaIdentity, {
  fails: [
    { name: 'a page with no JSON-LD at all: a notice beside json-ld.present', snapshot: page('<title>x</title>'), severity: 'notice' },
    {
      name: 'JSON-LD without an identity: still a warning',
      snapshot: page(ld({ '@context': ctx, '@type': 'Article', headline: 'x' })),
      severity: 'warning',
    },
  ],
});

testRule(schemaIdentity, {
  fails: [
    {
      name: 'JSON-LD that does not parse: json-ld.parses carries the warning',
      snapshot: page(ld("{'@type': 'NewsArticle'}")),
      severity: 'notice',
    },
  ],
});

testRule(schemaIdentity, {
  partial: [
    {
      name: 'a publisher named as text ("publisher": "CNN"): a notice',
      snapshot: page(ld({ '@context': ctx, '@type': 'WebPage', name: 'x', publisher: 'CNN' })),
      title: 'Publisher named only as text',
      severity: 'notice',
      detail: '"CNN"',
    },
  ],
});
