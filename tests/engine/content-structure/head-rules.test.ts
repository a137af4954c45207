import { describe, expect, it } from 'vitest';
import contentTitle from '../../../shared/rules/content-structure/content.title.js';
import contentMetaDescription from '../../../shared/rules/content-structure/content.meta-description.js';
import contentLang from '../../../shared/rules/content-structure/content.lang.js';
import { resource, snapshot, words } from '../../helpers/snapshot.js';
import { SPA_SHELL } from '../pages.js';
import { outcome, testRule } from '../rule-tester.js';

const doc = (head: string, htmlAttrs = ' lang="en"') =>
  snapshot(`<!doctype html><html${htmlAttrs}><head>${head}</head><body><p>${words(200)}</p></body></html>`);
const title = (text: string) => doc(`<title>${text}</title>`);
const pdf = () =>
  snapshot('', { page: resource('https://example.com/', '', { binary: true, headers: { 'content-type': 'application/pdf' } }) });

testRule(contentTitle, {
  passes: [
    { name: 'a specific title', snapshot: title('Cold brew coffee: a guide') },
    { name: 'exactly 10 characters', snapshot: title('x'.repeat(10)) },
    { name: 'exactly 70 characters', snapshot: title('x'.repeat(70)) },
  ],
  fails: [
    { name: 'no title', snapshot: doc('') },
    { name: 'an empty title', snapshot: title('  ') },
  ],
  partial: [
    { name: 'a short title says how short', snapshot: title('Blog'), detail: '4 characters' },
    {
      name: 'a long title: a notice that keeps most credit',
      snapshot: title(`${'word '.repeat(16)}end`),
      severity: 'notice',
      check: (o) => expect(o.score).toBeGreaterThanOrEqual(0.7),
    },
    { name: 'a framework default is generic', snapshot: title('React App'), score: 0.4, title: 'Generic page title' },
    { name: 'a second <title>', snapshot: doc('<title>Cold brew coffee: a guide</title><title>Other</title>'), score: 0.9 },
    { name: 'the head of a JavaScript shell is still judged', snapshot: snapshot(SPA_SHELL), score: 0.4 },
  ],
  notApplicable: [{ name: 'a non-HTML response (a PDF)', snapshot: pdf }],
});

describe('content.title credit', () => {
  it('falls the shorter a short title is', () => {
    const nine = outcome(contentTitle, title('x'.repeat(9)));
    const four = outcome(contentTitle, title('Blog'));
    expect(nine.score).toBeLessThan(1);
    expect(four.score).toBeLessThan(nine.score);
  });
});

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

const lang = (attr: string) => doc('', attr);
const headerOnly = () => {
  const html = `<!doctype html><html><head></head><body>x</body></html>`;
  return snapshot(html, {
    page: resource('https://example.com/', html, { headers: { 'content-type': 'text/html', 'content-language': 'fr' } }),
  });
};

testRule(contentLang, {
  passes: [
    { name: 'lang="en"', snapshot: lang(' lang="en"') },
    { name: 'a region subtag', snapshot: lang(' lang="de-CH"') },
    { name: 'script and region subtags', snapshot: lang(' lang="zh-Hant-TW"') },
  ],
  fails: [
    { name: 'no lang', snapshot: lang('') },
    { name: 'an empty lang', snapshot: lang(' lang=""') },
  ],
  partial: [
    { name: 'an underscore form', snapshot: lang(' lang="en_US"'), score: 0.8 },
    { name: 'an invalid tag', snapshot: lang(' lang="english language"'), score: 0.4 },
    { name: 'the language in the Content-Language header only', snapshot: headerOnly, score: 0.6, detail: 'lang="fr"' },
  ],
});
