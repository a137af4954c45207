import { describe, expect, it } from 'vitest';
import noContentWithoutJsRule from '../../../shared/rules/rendering/rendering.no-content-without-js.js';
import { snapshot, page, words } from '../../helpers/snapshot.js';
import { SPA_SHELL } from '../pages.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';

const rule = noContentWithoutJsRule;
const rendered = (html: string) => ({ html, url: 'https://example.com/', capturedAt: '2026-11-21T00:00:01.000Z' });

describe('rendering.no-content-without-js', () => {
  it('is critical on a create-react-app shell and names what it found', () => {
    const o = outcome(rule, snapshot(SPA_SHELL));
    expect(o.score).toBe(0);
    expect(rule.severity).toBe('critical');
    expect(o.detail).toContain('0 words');
    expect(o.detail).toContain('<div id="root">');
    expect(o.detail).toContain('<noscript>');
  });

  it.each([
    ['an empty #__next', '<div id="__next"></div>'],
    ['an empty #__nuxt', '<div id="__nuxt"><div class="spinner"></div></div>'],
    ['an empty #___gatsby', '<div id="___gatsby"></div>'],
    ['an empty #app with a loading text', '<div id="app">Loading…</div>'],
    ['an Angular <app-root>', '<app-root></app-root>'],
    ['a module script', '<script type="module" src="/main.js"></script><p>Hello</p>'],
  ])('fails on %s with under 50 words', (_name, body) => {
    expect(outcome(rule, page(body)).score).toBe(0);
  });

  it('fails a body with next to no words and any script (Ember, Flutter, Elm have no root id)', () => {
    const o = outcome(rule, page('<script src="/flutter_bootstrap.js" async></script>'));
    expect(o.score).toBe(0);
    expect(o.detail).toContain('1 external script');
    expect(outcome(rule, page(`<p>${words(30)}</p><script src="/a.js"></script><script src="/b.js"></script><script src="/c.js"></script>`)).score).toBe(0);
    expect(outcome(rule, page(`<p>${words(30)}</p><script>${'x=1;'.repeat(1500)}</script>`)).detail).toContain('KB of inline script');
  });

  it('passes a short page that has no sign of JavaScript rendering (thin content is another rule)', () => {
    expect(outcome(rule, page(`<p>${words(20)}</p><script src="/analytics.js"></script>`)).score).toBe(1);
    // Astro and Vite ship one module script with fully rendered HTML.
    expect(outcome(rule, page(`<h1>Launch</h1><p>${words(30)}</p><script type="module" src="/island.js"></script>`)).score).toBe(1);
  });

  it('passes at 50 words even with an empty root: the spa-shell rule judges that', () => {
    expect(outcome(rule, page(`<p>${words(50)}</p><div id="root"></div>`)).score).toBe(1);
    expect(outcome(rule, page(`<p>${words(49)}</p><div id="root"></div>`)).score).toBe(0);
  });

  it('uses the rendered DOM as proof when the extension captured it', () => {
    const shell = page('<div id="root"></div>', {
      origin: 'extension',
      rendered: rendered(`<html><body><div id="root"><p>${words(400)}</p></div></body></html>`),
    });
    const o = outcome(rule, shell);
    expect(o.score).toBe(0);
    expect(o.detail).toContain('400 words after JavaScript');
  });

  it('is not critical when the rendered page is just as empty (nothing was hidden by JavaScript)', () => {
    const empty = page('<div id="root"></div>', {
      origin: 'extension',
      rendered: rendered('<html><body><div id="root"><p>Coming soon</p></div></body></html>'),
    });
    expect(outcome(rule, empty).score).toBe(1);
  });

  it('falls back to the static markers when the rendered capture came back empty', () => {
    const snap = page('<div id="root"></div>', { origin: 'extension', rendered: rendered('') });
    expect(outcome(rule, snap).score).toBe(0);
  });

  it('is critical when the raw HTML has under 10 % of a long rendered page', () => {
    const snap = page(`<nav>${words(80)}</nav><div id="root"></div>`, {
      origin: 'extension',
      rendered: rendered(`<html><body><nav>${words(80)}</nav><div id="root"><p>${words(1200)}</p></div></body></html>`),
    });
    expect(outcome(rule, snap).score).toBe(0);
  });

  it('is not applicable to binary or failed responses', () => {
    expect(judge(rule, page('', { page: { ...snapshot('').page, binary: true, body: '' } }))).toBe(NOT_APPLICABLE);
    expect(judge(rule, page('', { page: { ...snapshot('').page, status: 503 } }))).toBe(NOT_APPLICABLE);
  });
});
