import schemaPropertyValues from '../../../../shared/rules/structured-data/schema.property-values.js';
import { testRule } from '../../rule-tester.js';
import { ld, page, ctx, about } from './fixtures.js';

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
