import renderingThinContent from '../../../../shared/rules/rendering/rendering.thin-content.js';
import { snapshot, page, words } from '../../../helpers/snapshot.js';
import { SPA_SHELL } from '../../pages.js';
import { testRule } from '../../rule-tester.js';

testRule(renderingThinContent, {
  passes: [{ name: '300 words', snapshot: page(`<p>${words(300)}</p>`) }],
  partial: [
    { name: '150 words: credit in proportion', snapshot: page(`<p>${words(150)}</p>`), score: 0.5 },
    { name: '299 words: just short of a pass', snapshot: page(`<p>${words(299)}</p>`), score: 0.99, detail: '299 words' },
  ],
  fails: [{ name: 'no text on a page that is not a JavaScript shell', snapshot: page('<img src="/hero.jpg" alt="">') }],
  notApplicable: [{ name: 'a shell (the critical issue is not repeated)', snapshot: snapshot(SPA_SHELL) }],
});

const post = (n: number) => `<article><h1>A short note</h1>${`<p>${words(n)}</p>`}</article>`;
const comment = (i: number) => `<li class="comment"><p class="comment-author">Reader ${i}</p><p>${words(100, i)}</p></li>`;
const thread = Array.from({ length: 12 }, (_, i) => comment(i)).join('');

testRule(renderingThinContent, {
  passes: [
    {
      name: 'noscript content counts: it is what a client without JavaScript renders',
      snapshot: page(`<div id="root"></div><noscript><article><p>${words(320)}</p></article></noscript>`),
    },
  ],
  partial: [
    {
      name: 'a 250-word post followed by 1,200 words of comments (WordPress #comments) is thin',
      snapshot: page(`${post(250)}<div id="comments" class="comments-area"><ol class="comment-list">${thread}</ol></div>`),
      detail: [/main content has 25\d words/, 'comment section adds 1224 words'],
    },
    {
      name: 'comments under a "12 Comments" heading, in the page language',
      snapshot: page(
        `<!doctype html><html lang="de"><head><title>Eine kurze Notiz</title></head><body><main>${post(250)}<section><h2>12 Kommentare</h2><ol>${thread}</ol></section></main></body></html>`,
      ),
      detail: /main content has 25\d words/,
    },
    {
      name: 'navigation and footer are not the content either',
      snapshot: page(`<nav>${words(200)}</nav>${post(120)}<footer>${words(200)}</footer>`),
      detail: /main content has 12\d words/,
    },
  ],
});

testRule(renderingThinContent, {
  partial: [
    { name: 'a few words short of 300 (240 or more): a notice', snapshot: page(`<p>${words(260)}</p>`), severity: 'notice' },
    { name: 'well short of it: a warning', snapshot: page(`<p>${words(200)}</p>`), severity: 'warning' },
  ],
});

// Chinese and Japanese write no spaces between words: each Han, Hiragana or Katakana character counts as a
// word, as word processors count East Asian text. Korean separates its words with spaces.
const ZH = '人工智能搜索引擎会引用网站的内容但前提是它们能够读取并理解页面上的文字'; // 34 characters
const JA = '検索エンジンはウェブサイトの内容を引用しますがページの文章を読み取れることが前提です'; // 41 characters
const KO = '인공지능 검색 엔진은 웹사이트의 내용을 인용하지만 페이지의 글을 읽을 수 있어야 합니다 '; // 12 words
const cjk = (lang: string, body: string) =>
  page(`<!doctype html><html lang="${lang}"><head><title>${lang}</title></head><body><article><p>${body}</p></article></body></html>`);

testRule(renderingThinContent, {
  passes: [
    { name: 'Chinese: 340 characters, no spaces', snapshot: cjk('zh', `${ZH}。`.repeat(10)) },
    { name: 'Japanese: 410 characters, no spaces', snapshot: cjk('ja', `${JA}。`.repeat(10)) },
    { name: 'Korean: 300 words between spaces', snapshot: cjk('ko', KO.repeat(25)) },
  ],
  partial: [
    { name: 'Chinese: 102 characters are thin', snapshot: cjk('zh', `${ZH}。`.repeat(3)), detail: /main content has 10\d words/ },
    { name: 'Japanese: 123 characters are thin', snapshot: cjk('ja', `${JA}。`.repeat(3)), detail: /main content has 12\d words/ },
    {
      name: 'Korean: 120 words are thin, though 500 characters long',
      snapshot: cjk('ko', KO.repeat(10)),
      detail: /main content has 12\d words/,
    },
  ],
});
