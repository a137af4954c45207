import { describe, expect, it } from 'vitest';
import jsOnlyContentRule from '../../../shared/rules/rendering/rendering.js-only-content.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';
import { page, words } from '../../helpers/snapshot.js';

const withRendered = (raw: number, renderedWords: number) =>
  page(`<main><p>${words(raw)}</p></main>`, {
    origin: 'extension',
    rendered: {
      html: `<html><body><main><p>${words(renderedWords)}</p></main></body></html>`,
      url: 'https://example.com/',
      capturedAt: '2026-11-21T00:00:01.000Z',
    },
  });

describe('rendering.js-only-content', () => {
  it('is not applicable on the server, where there is no rendered DOM', () => {
    expect(judge(jsOnlyContentRule, page(`<p>${words(400)}</p>`))).toBe(NOT_APPLICABLE);
  });

  it('passes when the raw HTML has nearly all the rendered words', () => {
    expect(outcome(jsOnlyContentRule, withRendered(500, 560)).score).toBe(1);
  });

  it('warns when the raw HTML has under 60 % of the rendered words, with the share as partial credit', () => {
    const o = outcome(jsOnlyContentRule, withRendered(200, 500));
    expect(o.score).toBe(0.4);
    expect(o.severity).toBeUndefined();
    expect(jsOnlyContentRule.severity).toBe('warning');
    expect(o.detail).toContain('200 words');
    expect(o.detail).toContain('500');
  });

  it('flags 100 or more words that appear only after JavaScript, as a notice when most of the page is there', () => {
    const o = outcome(jsOnlyContentRule, withRendered(1000, 1100));
    expect(o.score).toBeLessThan(1);
    expect(o.severity).toBe('notice');
    expect(outcome(jsOnlyContentRule, withRendered(1000, 1099)).score).toBe(1);
  });

  it('leaves a page with nearly nothing in its raw HTML to the critical rule', () => {
    expect(judge(jsOnlyContentRule, withRendered(10, 800))).toBe(NOT_APPLICABLE);
  });
});
