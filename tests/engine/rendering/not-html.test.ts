import { describe, expect, it } from 'vitest';
import notHtmlRule from '../../../shared/rules/rendering/rendering.not-html.js';
import { resource, snapshot } from '../../helpers/snapshot.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';

const url = 'https://example.com/file';
const served = (body: string, contentType: string | undefined, over = {}) =>
  snapshot(body, {
    page: resource(url, body, { headers: contentType ? { 'content-type': contentType } : {}, ...over }),
  });

describe('rendering.not-html', () => {
  it('is critical for a binary response and says what was served', () => {
    const o = outcome(notHtmlRule, served('', 'application/pdf', { binary: true, bytes: 48_000, encoding: null }));
    expect(o.score).toBe(0);
    expect(notHtmlRule.severity).toBe('critical');
    expect(o.severity).toBeUndefined();
    expect(o.detail).toContain('application/pdf');
    expect(o.detail).toContain('48000 bytes');
  });

  it('is critical for a non-page text type such as JSON', () => {
    const o = outcome(notHtmlRule, served('{"a":1}', 'application/json'));
    expect(o.score).toBe(0);
    expect(o.detail).toContain('application/json');
  });

  it('gives plain text and markdown half credit as a warning: readable, but without structure', () => {
    for (const type of ['text/plain; charset=utf-8', 'text/markdown']) {
      const o = outcome(notHtmlRule, served('# Title\n\nSome text.', type));
      expect(o.score).toBe(0.5);
      expect(o.severity).toBe('warning');
    }
  });

  it('is not applicable to an HTML page (an HTML page earns nothing for being HTML)', () => {
    expect(judge(notHtmlRule, served('<p>x</p>', 'text/html'))).toBe(NOT_APPLICABLE);
    expect(judge(notHtmlRule, served('<p>x</p>', 'application/xhtml+xml'))).toBe(NOT_APPLICABLE);
  });

  it('sniffs a response without Content-Type', () => {
    expect(judge(notHtmlRule, served('<!doctype html><html><body>x</body></html>', undefined))).toBe(NOT_APPLICABLE);
    expect(outcome(notHtmlRule, served('just words', undefined)).score).toBe(0.5);
  });

  it('leaves failed responses to Crawler Access', () => {
    expect(judge(notHtmlRule, served('', 'application/pdf', { status: 404, binary: true }))).toBe(NOT_APPLICABLE);
  });
});
