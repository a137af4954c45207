import { expect } from 'vitest';
import renderingTextRatio from '../../../../shared/rules/rendering/rendering.text-ratio.js';
import { page, words } from '../../../helpers/snapshot.js';
import { testRule } from '../../rule-tester.js';

const text = words(300);

testRule(renderingTextRatio, {
  passes: [{ name: 'text is at least 15 % of the HTML', snapshot: page(`<p>${text}</p>`) }],
  partial: [
    {
      // Padding so that text is about 10 % of the HTML.
      name: 'below 15 %: partial credit, a notice while the ratio is moderate',
      snapshot: page(`<p>${text}</p><div data-x="${'x'.repeat(text.length * 8)}"></div>`),
      severity: 'notice',
      detail: /\d+\.\d %/,
      check: (o) => {
        expect(o.score).toBeGreaterThan(0.5);
        expect(o.score).toBeLessThan(0.8);
      },
    },
    {
      name: 'nearly all markup or script: next to no credit',
      snapshot: page(`<p>${text}</p><script>${'var a=1;'.repeat(20_000)}</script>`),
      check: (o) => {
        expect(o.score).toBeLessThan(0.2);
        expect(o.severity).toBeUndefined();
      },
    },
  ],
});

// Evidence for a warning: Googlebot reads the first 2 MB of an HTML file; below that nothing is cut.
const article = (padding: number) => page(`<article><p>${words(4000)}</p></article><script>${'var a=1;'.repeat(padding)}</script>`);

testRule(renderingTextRatio, {
  partial: [
    {
      name: 'an ordinary article whose inline scripts outweigh its text: a notice, nothing is cut',
      snapshot: article(30_000),
      severity: 'notice',
      detail: 'under the 2 MB',
    },
    {
      name: 'past 2 MB of HTML, where Googlebot stops reading: a warning',
      snapshot: article(300_000),
      severity: 'warning',
      detail: 'past 2 MB',
    },
  ],
});

// Chinese, Japanese and Korean say in one character what English says in three or four letters: a ratio of
// characters would call a CJK article heavy with markup where the same article in English is fine. The ratio
// is of UTF-8 bytes (three a CJK character), which weighs text and markup as a fetcher receives them.
const ZH = '人工智能搜索引擎会引用网站的内容，但前提是它们能够读取并理解页面上的文字。';
const JA = '検索エンジンはウェブサイトの内容を引用しますが、ページの文章を読み取れることが前提です。';
const KO = '인공지능 검색 엔진은 웹사이트의 내용을 인용하지만, 페이지의 글을 읽을 수 있어야 합니다. ';
const cjkPage = (lang: string, sentence: string, times: number) =>
  page(
    `<!doctype html><html lang="${lang}"><head><title>${sentence.slice(0, 12)}</title></head><body><article><p>${sentence.repeat(times)}</p></article><nav data-menu="${'m'.repeat(9_000)}"></nav></body></html>`,
  );

testRule(renderingTextRatio, {
  passes: [
    { name: 'a Chinese article of 1,400 characters beside 9 KB of markup', snapshot: cjkPage('zh', ZH, 38) },
    { name: 'a Japanese article of 1,400 characters beside 9 KB of markup', snapshot: cjkPage('ja', JA, 32) },
    { name: 'a Korean article of 1,400 characters beside 9 KB of markup', snapshot: cjkPage('ko', KO, 27) },
  ],
  partial: [
    {
      name: 'a Chinese page of one sentence in 9 KB of markup is still light on text',
      snapshot: cjkPage('zh', ZH, 3),
      severity: 'notice',
    },
  ],
});
