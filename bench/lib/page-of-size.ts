import { articlePage } from '../../tests/fixtures/sites/good-article.js';
import { ARTICLE_BODY } from '../../tests/fixtures/sites/article-content.js';

/** The well-made article with its body repeated until the page reaches `bytes`. */
export function pageOfSize(bytes: number, origin = 'https://example.com'): string {
  const one = articlePage(origin);
  const copies = Math.max(0, Math.ceil((bytes - one.length) / ARTICLE_BODY.length));
  return articlePage(origin, '', `<section>${ARTICLE_BODY.repeat(copies)}</section>`).slice(0, Math.max(bytes, one.length));
}
