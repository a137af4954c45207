import { describe, expect, it } from 'vitest';
import { isArticlePage } from '../../../shared/facts/article-page.js';
import { JudgeContext } from '../../../shared/judge/context.js';
import { OG_ARTICLE, doc, ld } from './article.js';

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
