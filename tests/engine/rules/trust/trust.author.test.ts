import trustAuthor from '../../../../shared/rules/trust/trust.author.js';
import { testRule } from '../../rule-tester.js';
import { OG_ARTICLE, doc, ld } from '../../trust/article.js';

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
