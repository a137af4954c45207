import trustAuthor from '../../../../shared/rules/trust/trust.author.js';
import { testRule } from '../../rule-tester.js';
import { OG_ARTICLE, doc, ld } from '../../trust/article.js';
import { snapshot, words } from '../../../helpers/snapshot.js';

const AUTHORED: Array<[string, string, string]> = [
  ['JSON-LD Person (what aiseo-audit misses)', ld({ '@type': 'Article', author: { '@type': 'Person', name: 'Ada' } }), ''],
  [
    'JSON-LD author array in an @graph',
    ld({
      '@graph': [
        { '@type': 'Article', author: [{ '@id': '#a' }] },
        { '@id': '#a', '@type': 'Person', name: 'Ada' },
      ],
    }),
    '',
  ],
  ['JSON-LD Organization author', ld({ '@type': 'Article', author: { '@type': 'Organization', name: 'Example' } }), ''],
  ['<meta name=author>', `${OG_ARTICLE}<meta name="author" content="Ada Brewer">`, ''],
  ['<link rel=author>', `${OG_ARTICLE}<link rel="author" href="/about/ada">`, ''],
  ['<a rel=author>', OG_ARTICLE, '<p>By <a rel="author" href="/ada">Ada</a></p>'],
  ['itemprop=author', OG_ARTICLE, '<span itemprop="author">Ada Brewer</span>'],
  ['a byline class', OG_ARTICLE, '<div class="post-byline">By Ada Brewer</div>'],
];

testRule(trustAuthor, {
  passes: [
    ...AUTHORED.map(([name, head, body]) => ({ name: `an author given by ${name}`, snapshot: doc(head, body) })),
    { name: 'a non-article page that names an author earns credit', snapshot: doc('<meta name="author" content="Example Ltd">') },
  ],
  fails: [
    {
      name: 'an article without an author, saying why it counts as an article',
      snapshot: doc(ld({ '@type': 'BlogPosting', headline: 'x' })),
      detail: 'JSON-LD type is BlogPosting',
    },
    {
      name: 'an empty meta author and a commenter are no author',
      snapshot: doc(`${OG_ARTICLE}<meta name="author" content=" ">`, '<div class="comment-author">Bob</div>'),
    },
  ],
  notApplicable: [{ name: 'a non-article page that names no author', snapshot: doc('') }],
});

// Bylines in plain text, where no class says author.
testRule(trustAuthor, {
  passes: [
    {
      name: '"Posted by ..." in the article header',
      snapshot: doc(
        OG_ARTICLE,
        `<article><header><h1>Title</h1><p>Posted by Jane Doe on 3 March 2026</p></header><p>${words(300)}</p></article>`,
      ),
    },
    {
      name: 'a name with its @handle in the article footer',
      snapshot: doc(OG_ARTICLE, `<article><h1>Title</h1><p>${words(300)}</p><footer>Jane Doe @janedoe · 5 min read</footer></article>`),
    },
    {
      name: '"By ..." right under the title, without any wrapper',
      snapshot: doc(OG_ARTICLE, `<h1>Title</h1><p>A short summary of the post.</p><p>By Jane Doe</p><p>${words(300)}</p>`),
    },
    {
      name: 'a Dutch byline ("Door ...") in an entry-meta line',
      snapshot: snapshot(
        `<!doctype html><html lang="nl"><head><title>Een artikel</title>${OG_ARTICLE}</head><body><div class="entry-meta">Door Pieter de Vries | 3 maart 2026</div><p>${words(300)}</p></body></html>`,
      ),
    },
  ],
  fails: [
    {
      name: '"founded by" in the opening sentence is the article speaking, and "Photo by" is a credit',
      snapshot: doc(
        OG_ARTICLE,
        `<h1>Title</h1><p>The bakery was founded by Jane Doe in 1990.</p><article><header><p>Photo by John Smith</p></header><p>${words(300)}</p></article>`,
      ),
    },
  ],
});
