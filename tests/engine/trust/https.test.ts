import { describe, expect, it } from 'vitest';
import httpsRule from '../../../shared/rules/trust/trust.https.js';
import hstsRule from '../../../shared/rules/trust/trust.hsts.js';
import { resource, snapshot } from '../../helpers/snapshot.js';
import type { FetchedResource } from '../../../shared/types/index.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';

const html = '<!doctype html><html><body><p>x</p></body></html>';
const at = (url: string, over: Partial<FetchedResource> = {}) =>
  snapshot(html, { requestedUrl: url, page: resource(url, html, over) });

describe('trust.https', () => {
  it('passes an HTTPS page, also after a redirect from HTTP', () => {
    expect(outcome(httpsRule, at('https://example.com/')).score).toBe(1);
    const upgraded = snapshot(html, {
      requestedUrl: 'http://example.com/',
      page: resource('http://example.com/', html, { finalUrl: 'https://example.com/', redirects: [{ url: 'http://example.com/', status: 301 }] }),
    });
    expect(outcome(httpsRule, upgraded).score).toBe(1);
  });

  it('fails plain HTTP, and names a downgrade from HTTPS', () => {
    expect(outcome(httpsRule, at('http://example.com/')).detail).toContain('plain HTTP');
    const downgraded = snapshot(html, {
      requestedUrl: 'https://example.com/',
      page: resource('https://example.com/', html, { finalUrl: 'http://example.com/', redirects: [{ url: 'https://example.com/', status: 301 }] }),
    });
    const o = outcome(httpsRule, downgraded);
    expect(o.score).toBe(0);
    expect(o.detail).toContain('redirects from HTTPS to plain HTTP');
  });

  it('is not applicable when nothing answered', () => {
    expect(judge(httpsRule, at('https://example.com/', { status: 0, error: { code: 'refused', message: 'refused' } }))).toBe(NOT_APPLICABLE);
  });
});

describe('trust.hsts', () => {
  const hsts = (value?: string) =>
    at('https://example.com/', { headers: { 'content-type': 'text/html', ...(value === undefined ? {} : { 'strict-transport-security': value }) } });

  it('passes a max-age of at least 180 days', () => {
    expect(outcome(hstsRule, hsts('max-age=31536000; includeSubDomains')).score).toBe(1);
  });

  it('notes a missing, disabled or short HSTS header', () => {
    expect(outcome(hstsRule, hsts()).score).toBe(0.5);
    expect(outcome(hstsRule, hsts('max-age=0')).score).toBe(0.3);
    const short = outcome(hstsRule, hsts('max-age=86400'));
    expect(short.score).toBe(0.8);
    expect(short.detail).toContain('(1 day)');
    expect(hstsRule.severity).toBe('notice');
  });

  it('is not applicable over plain HTTP (trust.https carries that)', () => {
    expect(judge(hstsRule, at('http://example.com/'))).toBe(NOT_APPLICABLE);
  });
});
