import jsonLdParses from '../../../../shared/rules/structured-data/json-ld.parses.js';
import { testRule } from '../../rule-tester.js';
import { ld, page, ORG, SITE, about } from './fixtures.js';

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
