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
  notApplicable: [
    { name: 'a short non-article page', snapshot: page(`<main><p>${words(100)}</p></main>`) },
    {
      name: "an article too short to make claims (an open thread's invitation; its comments are not its text)",
      snapshot: page(
        `<article><h1>September open thread</h1><p>${words(110)}</p></article>` +
          `<div id="comments" class="comments-area"><h3>Comments</h3><ol class="comment-list"><li class="comment"><p>${words(400)}</p></li></ol></div>`,
      ),
    },
  ],
});

testRule(trustOutboundReferences, {
  partial: [
    {
      name: 'an article about food bloggers linking their Instagram profiles cites them (one site: a notice)',
      snapshot: articleWith(
        '<a href="https://www.instagram.com/darkzip/">@darkzip</a> <a href="https://www.instagram.com/okuprin/">@okuprin</a>',
      ),
      score: 0.7,
      detail: 'instagram.com',
    },
  ],
  fails: [
    {
      name: 'share buttons are no references, whatever their text',
      snapshot: articleWith(
        '<a href="https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.com">Share this story</a> <a href="https://twitter.com/intent/tweet?url=x">Tweet it</a>',
      ),
    },
  ],
});
