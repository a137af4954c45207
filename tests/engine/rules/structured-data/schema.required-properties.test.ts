import { describe, expect, test } from 'vitest';
import schemaRequiredProperties from '../../../../shared/rules/structured-data/schema.required-properties.js';
import { outcome, testRule } from '../../rule-tester.js';
import { ld, page, ctx, about } from './fixtures.js';

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
