import { describe, expect, it } from 'vitest';
import authorRule from '../../../shared/rules/trust/trust.author.js';
import { isArticlePage } from '../../../shared/facts/article-page.js';
import { JudgeContext } from '../../../shared/judge/context.js';
import { snapshot, words } from '../../helpers/snapshot.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';

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

describe('trust.author', () => {
  it.each([
    ['JSON-LD Person (what aiseo-audit misses)', ld({ '@type': 'Article', author: { '@type': 'Person', name: 'Ada' } }), ''],
    ['JSON-LD author array in an @graph', ld({ '@graph': [{ '@type': 'Article', author: [{ '@id': '#a' }] }, { '@id': '#a', '@type': 'Person', name: 'Ada' }] }), ''],
    ['JSON-LD Organization author', ld({ '@type': 'Article', author: { '@type': 'Organization', name: 'Example' } }), ''],
    ['<meta name=author>', `${OG_ARTICLE}<meta name="author" content="Ada Brewer">`, ''],
    ['<link rel=author>', `${OG_ARTICLE}<link rel="author" href="/about/ada">`, ''],
    ['<a rel=author>', OG_ARTICLE, '<p>By <a rel="author" href="/ada">Ada</a></p>'],
    ['itemprop=author', OG_ARTICLE, '<span itemprop="author">Ada Brewer</span>'],
    ['a byline class', OG_ARTICLE, '<div class="post-byline">By Ada Brewer</div>'],
  ])('passes an author given by %s', (_name, head, body) => {
    expect(outcome(authorRule, doc(head, body)).score).toBe(1);
  });

  it('fails an article without an author and says why it counts as an article', () => {
    const o = outcome(authorRule, doc(ld({ '@type': 'BlogPosting', headline: 'x' })));
    expect(o.score).toBe(0);
    expect(o.detail).toContain('JSON-LD type is BlogPosting');
  });

  it('does not fault a non-article page for naming no author, but credits one that does', () => {
    expect(judge(authorRule, doc(''))).toBe(NOT_APPLICABLE);
    expect(outcome(authorRule, doc('<meta name="author" content="Example Ltd">')).score).toBe(1);
  });

  it('ignores an empty meta author and a commenter', () => {
    expect(outcome(authorRule, doc(`${OG_ARTICLE}<meta name="author" content=" ">`, '<div class="comment-author">Bob</div>')).score).toBe(0);
  });
});
