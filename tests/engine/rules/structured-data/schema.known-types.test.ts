import schemaKnownTypes from '../../../../shared/rules/structured-data/schema.known-types.js';
import { testRule } from '../../rule-tester.js';
import { ld, page, ctx, ORG, about } from './fixtures.js';

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
