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
      name: 'nearly all markup or script: a warning',
      snapshot: page(`<p>${text}</p><script>${'var a=1;'.repeat(20_000)}</script>`),
      check: (o) => {
        expect(o.score).toBeLessThan(0.2);
        expect(o.severity).toBeUndefined();
      },
    },
  ],
});
