import { expect } from 'vitest';
import renderingJsOnlyContent from '../../../../shared/rules/rendering/rendering.js-only-content.js';
import { testRule } from '../../rule-tester.js';
import { page, words } from '../../../helpers/snapshot.js';

const withRendered = (raw: number, renderedWords: number) =>
  page(`<main><p>${words(raw)}</p></main>`, {
    origin: 'extension',
    rendered: {
      html: `<html><body><main><p>${words(renderedWords)}</p></main></body></html>`,
      url: 'https://example.com/',
      capturedAt: '2026-11-21T00:00:01.000Z',
    },
  });

testRule(renderingJsOnlyContent, {
  passes: [
    { name: 'the raw HTML has nearly all the rendered words', snapshot: withRendered(500, 560) },
    { name: 'fewer than 100 words appear only after JavaScript', snapshot: withRendered(1000, 1099) },
  ],
  partial: [
    {
      name: 'under 60 % of the rendered words in the raw HTML: a warning, the share as credit',
      snapshot: withRendered(200, 500),
      score: 0.4,
      detail: ['200 words', '500'],
      check: (o) => {
        expect(o.severity).toBeUndefined();
        expect(renderingJsOnlyContent.severity).toBe('warning');
      },
    },
    {
      name: '100 or more words only after JavaScript, most of the page there: a notice',
      snapshot: withRendered(1000, 1100),
      severity: 'notice',
    },
  ],
  notApplicable: [
    { name: 'on the server, where there is no rendered DOM', snapshot: page(`<p>${words(400)}</p>`) },
    { name: 'nearly nothing in the raw HTML (the critical rule carries it)', snapshot: withRendered(10, 800) },
  ],
});
