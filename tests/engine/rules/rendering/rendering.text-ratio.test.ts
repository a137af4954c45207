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
