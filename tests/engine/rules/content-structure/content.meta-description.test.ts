import { expect } from 'vitest';
import contentMetaDescription from '../../../../shared/rules/content-structure/content.meta-description.js';
import { testRule } from '../../rule-tester.js';
import { doc } from './fixtures.js';

const description = (n: number) => doc(`<meta name="description" content="${'d'.repeat(n)}">`);

testRule(contentMetaDescription, {
  passes: [
    { name: '50 characters', snapshot: description(50) },
    { name: '170 characters', snapshot: description(170) },
  ],
  fails: [{ name: 'no description', snapshot: doc('') }],
  partial: [
    { name: 'og:description alone earns half', snapshot: doc('<meta property="og:description" content="An OG description">'), score: 0.5 },
    {
      name: 'too short',
      snapshot: description(25),
      detail: '25 characters',
      check: (o) => expect(o.score).toBeGreaterThan(0.3),
    },
    {
      name: 'too long: a notice',
      snapshot: description(240),
      severity: 'notice',
      check: (o) => expect(o.score).toBeGreaterThanOrEqual(0.6),
    },
  ],
});

testRule(contentMetaDescription, {
  partial: [
    {
      name: 'a description cut short by an unescaped quote, long enough to pass on length alone',
      snapshot: doc(
        '<meta name="description" content="The mayor spoke to reporters on the steps of city hall and He said "we will rebuild the bridge" before leaving">',
      ),
      title: 'Meta description cut short by a quote',
      severity: 'warning',
      detail: '&quot;',
    },
  ],
  passes: [
    {
      name: 'quotes written as &quot; are fine',
      snapshot: doc(
        `<meta name="description" content="He said &quot;we will rebuild the bridge&quot; before leaving the steps of city hall">`,
      ),
    },
  ],
});
