import { expect } from 'vitest';
import trustOutboundReferences from '../../../../shared/rules/trust/trust.outbound-references.js';
import { page, words } from '../../../helpers/snapshot.js';
import { testRule } from '../../rule-tester.js';

const articleWith = (links: string) =>
  page(`<article><h1>Post</h1><p>${words(200)} ${links}</p></article><footer><a href="https://twitter.com/example">Twitter</a></footer>`);

testRule(trustOutboundReferences, {
  passes: [
    {
      name: 'content linking to two or more other sites',
      snapshot: articleWith('<a href="https://a.org/x">study</a> <a href="https://b.org/">data</a>'),
    },
  ],
  partial: [
    {
      name: 'one other site',
      snapshot: articleWith('<a href="https://a.org/x">study</a> <a href="https://a.org/y">more</a>'),
      score: 0.7,
      detail: 'a.org',
    },
    { name: 'a long non-article page: a notice', snapshot: page(`<main><p>${words(400)}</p></main>`), score: 0.5, severity: 'notice' },
  ],
  fails: [
    {
      name: 'own subdomains, social profiles and footer links do not count',
      snapshot: articleWith('<a href="https://blog.example.com/">blog</a> <a href="https://www.facebook.com/example">fb</a>'),
      check: (o) => expect(o.severity).toBeUndefined(),
    },
  ],
  notApplicable: [{ name: 'a short non-article page', snapshot: page(`<main><p>${words(100)}</p></main>`) }],
});
