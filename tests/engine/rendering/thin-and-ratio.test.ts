import { describe, expect, it } from 'vitest';
import thinContentRule from '../../../shared/rules/rendering/rendering.thin-content.js';
import textRatioRule from '../../../shared/rules/rendering/rendering.text-ratio.js';
import { snapshot, page, words } from '../../helpers/snapshot.js';
import { SPA_SHELL } from '../pages.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';

describe('rendering.thin-content', () => {
  it('passes at 300 words', () => {
    expect(outcome(thinContentRule, page(`<p>${words(300)}</p>`)).score).toBe(1);
  });

  it('gives credit in proportion below 300 words', () => {
    expect(outcome(thinContentRule, page(`<p>${words(150)}</p>`)).score).toBe(0.5);
    const o = outcome(thinContentRule, page(`<p>${words(299)}</p>`));
    expect(o.score).toBe(0.99);
    expect(o.score).toBeLessThan(1);
    expect(o.detail).toContain('299 words');
  });

  it('fails a page with no text that is not a JavaScript shell', () => {
    expect(outcome(thinContentRule, page('<img src="/hero.jpg" alt="">')).score).toBe(0);
  });

  it('does not repeat the critical issue on a shell', () => {
    expect(judge(thinContentRule, snapshot(SPA_SHELL))).toBe(NOT_APPLICABLE);
  });
});

describe('rendering.text-ratio', () => {
  it('passes when text is at least 15 % of the HTML', () => {
    expect(outcome(textRatioRule, page(`<p>${words(300)}</p>`)).score).toBe(1);
  });

  it('gives partial credit below 15 %, a notice while the ratio is still moderate', () => {
    const text = words(300);
    // Padding so that text is about 10 % of the HTML.
    const pad = `<div data-x="${'x'.repeat(text.length * 8)}"></div>`;
    const o = outcome(textRatioRule, page(`<p>${text}</p>${pad}`));
    expect(o.score).toBeGreaterThan(0.5);
    expect(o.score).toBeLessThan(0.8);
    expect(o.severity).toBe('notice');
    expect(o.detail).toMatch(/\d+\.\d %/);
  });

  it('warns when the HTML is nearly all markup or script', () => {
    const o = outcome(textRatioRule, page(`<p>${words(300)}</p><script>${'var a=1;'.repeat(20_000)}</script>`));
    expect(o.score).toBeLessThan(0.2);
    expect(o.severity).toBeUndefined();
  });
});
