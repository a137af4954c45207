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
