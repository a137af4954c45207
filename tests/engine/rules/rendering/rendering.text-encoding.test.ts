import { expect } from 'vitest';
import renderingTextEncoding from '../../../../shared/rules/rendering/rendering.text-encoding.js';
import { testRule } from '../../rule-tester.js';
import { html, ownSeverity, served } from './fixtures.js';

testRule(renderingTextEncoding, {
  passes: [{ name: 'clean text', snapshot: served({}) }],
  partial: [
    {
      name: 'a stray replacement character: a notice',
      snapshot: served({}, html.replace('</p>', ' caf\uFFFD</p>')),
      score: 0.9,
      severity: 'notice',
    },
    {
      name: 'systematic garbling: a warning naming the encoding used',
      snapshot: served({ encoding: 'windows-1252' }, html.replace(/e/g, '\uFFFD')),
      detail: 'windows-1252',
      check: (o) => {
        expect(o.score).toBeLessThanOrEqual(0.2);
        ownSeverity(o);
      },
    },
  ],
});
