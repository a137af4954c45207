import { describe, expect, it } from 'vitest';
import titleRule from '../../../shared/rules/content-structure/content.title.js';
import metaDescriptionRule from '../../../shared/rules/content-structure/content.meta-description.js';
import langRule from '../../../shared/rules/content-structure/content.lang.js';
import { resource, snapshot, words } from '../../helpers/snapshot.js';
import { SPA_SHELL } from '../pages.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';

const doc = (head: string, htmlAttrs = ' lang="en"') =>
  snapshot(`<!doctype html><html${htmlAttrs}><head>${head}</head><body><p>${words(200)}</p></body></html>`);

describe('content.title', () => {
  it('passes a specific title of 10 to 70 characters', () => {
    expect(outcome(titleRule, doc('<title>Cold brew coffee: a guide</title>')).score).toBe(1);
    expect(outcome(titleRule, doc(`<title>${'x'.repeat(10)}</title>`)).score).toBe(1);
    expect(outcome(titleRule, doc(`<title>${'x'.repeat(70)}</title>`)).score).toBe(1);
  });

  it('fails a missing or empty title', () => {
    expect(outcome(titleRule, doc('')).score).toBe(0);
    expect(outcome(titleRule, doc('<title>  </title>')).score).toBe(0);
  });

  it('gives partial credit to short titles, less the shorter they are', () => {
    const nine = outcome(titleRule, doc(`<title>${'x'.repeat(9)}</title>`));
    const four = outcome(titleRule, doc('<title>Blog</title>'));
    expect(nine.score).toBeLessThan(1);
    expect(four.score).toBeLessThan(nine.score);
    expect(four.detail).toContain('4 characters');
  });

  it('notes long titles', () => {
    const o = outcome(titleRule, doc(`<title>${'word '.repeat(16)}end</title>`));
    expect(o.score).toBeLessThan(1);
    expect(o.score).toBeGreaterThanOrEqual(0.7);
    expect(o.severity).toBe('notice');
  });

  it('treats framework defaults as generic', () => {
    const o = outcome(titleRule, doc('<title>React App</title>'));
    expect(o.score).toBe(0.4);
    expect(o.title).toBe('Generic page title');
  });

  it('notes a second <title>', () => {
    expect(outcome(titleRule, doc('<title>Cold brew coffee: a guide</title><title>Other</title>')).score).toBe(0.9);
  });

  it('still judges the head of a JavaScript shell, but not a non-HTML response', () => {
    expect(outcome(titleRule, snapshot(SPA_SHELL)).score).toBe(0.4);
    const pdf = snapshot('', { page: resource('https://example.com/', '', { binary: true, headers: { 'content-type': 'application/pdf' } }) });
    expect(judge(titleRule, pdf)).toBe(NOT_APPLICABLE);
  });
});

describe('content.meta-description', () => {
  const desc = (n: number) => doc(`<meta name="description" content="${'d'.repeat(n)}">`);

  it('passes 50 to 170 characters', () => {
    expect(outcome(metaDescriptionRule, desc(50)).score).toBe(1);
    expect(outcome(metaDescriptionRule, desc(170)).score).toBe(1);
  });

  it('fails when missing, half credit for og:description alone', () => {
    expect(outcome(metaDescriptionRule, doc('')).score).toBe(0);
    expect(outcome(metaDescriptionRule, doc('<meta property="og:description" content="An OG description">')).score).toBe(0.5);
  });

  it('gives partial credit outside the range', () => {
    const short = outcome(metaDescriptionRule, desc(25));
    expect(short.score).toBeGreaterThan(0.3);
    expect(short.score).toBeLessThan(1);
    expect(short.detail).toContain('25 characters');
    const long = outcome(metaDescriptionRule, desc(240));
    expect(long.score).toBeGreaterThanOrEqual(0.6);
    expect(long.score).toBeLessThan(1);
    expect(long.severity).toBe('notice');
  });
});

describe('content.lang', () => {
  it('passes a BCP 47 tag', () => {
    expect(outcome(langRule, doc('', ' lang="en"')).score).toBe(1);
    expect(outcome(langRule, doc('', ' lang="de-CH"')).score).toBe(1);
    expect(outcome(langRule, doc('', ' lang="zh-Hant-TW"')).score).toBe(1);
  });

  it('fails a missing lang', () => {
    expect(outcome(langRule, doc('', '')).score).toBe(0);
    expect(outcome(langRule, doc('', ' lang=""')).score).toBe(0);
  });

  it('gives partial credit for an underscore form, an invalid tag, or a header only', () => {
    expect(outcome(langRule, doc('', ' lang="en_US"')).score).toBe(0.8);
    expect(outcome(langRule, doc('', ' lang="english language"')).score).toBe(0.4);
    const html = `<!doctype html><html><head></head><body>x</body></html>`;
    const headerOnly = snapshot(html, {
      page: resource('https://example.com/', html, { headers: { 'content-type': 'text/html', 'content-language': 'fr' } }),
    });
    const o = outcome(langRule, headerOnly);
    expect(o.score).toBe(0.6);
    expect(o.detail).toContain('lang="fr"');
  });
});
