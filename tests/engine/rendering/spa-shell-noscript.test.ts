import { describe, expect, it } from 'vitest';
import spaShellRule from '../../../shared/rules/rendering/rendering.spa-shell.js';
import noscriptJsRequiredRule from '../../../shared/rules/rendering/rendering.noscript-js-required.js';
import { snapshot, page, words } from '../../helpers/snapshot.js';
import { SPA_SHELL } from '../pages.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';

describe('rendering.spa-shell', () => {
  it('passes server-rendered content inside the SPA root', () => {
    expect(outcome(spaShellRule, page(`<div id="__next"><p>${words(300)}</p></div>`)).score).toBe(1);
  });

  it('warns about an empty root next to a little server text', () => {
    const o = outcome(spaShellRule, page(`<header><p>${words(80)}</p></header><div id="root"></div>`));
    expect(o.score).toBe(0.4);
    expect(o.severity).toBeUndefined();
    expect(o.detail).toContain('<div id="root">');
  });

  it('only notes an empty root on a page with plenty of server text', () => {
    const o = outcome(spaShellRule, page(`<p>${words(400)}</p><div id="app"></div>`));
    expect(o.score).toBe(0.8);
    expect(o.severity).toBe('notice');
  });

  it('is not applicable on a pure shell: the critical rule carries it', () => {
    expect(judge(spaShellRule, snapshot(SPA_SHELL))).toBe(NOT_APPLICABLE);
  });

  it('passes when the rendered DOM shows the mount point stays empty', () => {
    const snap = page(`<p>${words(100)}</p><div id="app"></div>`, {
      origin: 'extension',
      rendered: { html: `<html><body><p>${words(100)}</p><div id="app"></div></body></html>`, url: 'https://example.com/', capturedAt: '2026-11-21T00:00:01.000Z' },
    });
    expect(outcome(spaShellRule, snap).score).toBe(1);
  });
});

describe('rendering.noscript-js-required', () => {
  it('passes noscript elements that do not ask for JavaScript (tracking pixels)', () => {
    expect(outcome(noscriptJsRequiredRule, page(`<p>${words(100)}</p><noscript><img src="/px.gif" alt=""></noscript>`)).score).toBe(1);
  });

  it('warns when a page with little text asks for JavaScript', () => {
    const o = outcome(noscriptJsRequiredRule, page(`<p>${words(100)}</p><noscript>Please enable JavaScript to view this site.</noscript>`));
    expect(o.score).toBe(0.4);
    expect(o.severity).toBeUndefined();
  });

  it('is only a notice on a content-rich page, and knows other languages', () => {
    const o = outcome(noscriptJsRequiredRule, page(`<p>${words(400)}</p><noscript>Bitte JavaScript aktivieren.</noscript>`));
    expect(o.score).toBe(0.8);
    expect(o.severity).toBe('notice');
  });

  it('is not applicable on a shell', () => {
    expect(judge(noscriptJsRequiredRule, snapshot(SPA_SHELL))).toBe(NOT_APPLICABLE);
  });
});
