import { expect } from 'vitest';
import renderingThinContent from '../../../shared/rules/rendering/rendering.thin-content.js';
import renderingTextRatio from '../../../shared/rules/rendering/rendering.text-ratio.js';
import { snapshot, page, words } from '../../helpers/snapshot.js';
import { SPA_SHELL } from '../pages.js';
import { testRule } from '../rule-tester.js';

testRule(renderingThinContent, {
  passes: [{ name: '300 words', snapshot: page(`<p>${words(300)}</p>`) }],
  partial: [
    { name: '150 words: credit in proportion', snapshot: page(`<p>${words(150)}</p>`), score: 0.5 },
    { name: '299 words: just short of a pass', snapshot: page(`<p>${words(299)}</p>`), score: 0.99, detail: '299 words' },
  ],
  fails: [{ name: 'no text on a page that is not a JavaScript shell', snapshot: page('<img src="/hero.jpg" alt="">') }],
  notApplicable: [{ name: 'a shell (the critical issue is not repeated)', snapshot: snapshot(SPA_SHELL) }],
});

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
      name: 'nearly all markup or script: a warning',
      snapshot: page(`<p>${text}</p><script>${'var a=1;'.repeat(20_000)}</script>`),
      check: (o) => {
        expect(o.score).toBeLessThan(0.2);
        expect(o.severity).toBeUndefined();
      },
    },
  ],
});
