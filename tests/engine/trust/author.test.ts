import { describe, expect, it } from 'vitest';
import trustAuthor from '../../../shared/rules/trust/trust.author.js';
import { isArticlePage } from '../../../shared/facts/article-page.js';
import { JudgeContext } from '../../../shared/judge/context.js';
import { snapshot, words } from '../../helpers/snapshot.js';
import { testRule } from '../rule-tester.js';

const doc = (head: string, body = `<p>${words(300)}</p>`) =>
  snapshot(`<!doctype html><html lang="en"><head><title>Article page</title>${head}</head><body>${body}</body></html>`);
const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const OG_ARTICLE = '<meta property="og:type" content="article">';

describe('article detection', () => {
  it.each([
    ['Article-family JSON-LD', ld({ '@type': 'NewsArticle' }), ''],
    ['JSON-LD in an @graph', ld({ '@graph': [{ '@type': 'WebSite' }, { '@type': 'BlogPosting' }] }), ''],
    ['og:type=article', OG_ARTICLE, ''],
    ['article:* meta', '<meta property="article:section" content="Guides">', ''],
    ['one <article>', '', '<article><p>text</p></article>'],
  ])('counts %s as an article', (_name, head, body) => {
    expect(isArticlePage(new JudgeContext(doc(head, body)))).toBe(true);
  });

  it('does not count a homepage, a listing of several <article> cards, or a WebPage', () => {
    expect(isArticlePage(new JudgeContext(doc('')))).toBe(false);
    expect(isArticlePage(new JudgeContext(doc('', '<article>a</article><article>b</article>')))).toBe(false);
    expect(isArticlePage(new JudgeContext(doc(ld({ '@type': ['WebPage', 'Organization'] }))))).toBe(false);
  });
});

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
