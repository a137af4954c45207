import { expect } from 'vitest';
import openGraphTags from '../../../../shared/rules/structured-data/open-graph.tags.js';
import { testRule } from '../../rule-tester.js';
import { page, about } from './fixtures.js';

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
