import { describe, expect, it } from 'vitest';
import pageWeightRule from '../../../shared/rules/rendering/rendering.page-weight.js';
import responseTimeRule from '../../../shared/rules/rendering/rendering.response-time.js';
import textEncodingRule from '../../../shared/rules/rendering/rendering.text-encoding.js';
import { resource, snapshot, words } from '../../helpers/snapshot.js';
import type { FetchedResource } from '../../../shared/types/index.js';
import { SPA_SHELL } from '../pages.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';

const url = 'https://example.com/';
const html = `<!doctype html><html lang="en"><head><title>Weights and times</title></head><body><p>${words(400)}</p></body></html>`;
const served = (over: Partial<FetchedResource>, body = html) => snapshot(body, { page: resource(url, body, over) });
const MB = 1024 * 1024;

describe('rendering.page-weight', () => {
  it('passes HTML up to 512 KB', () => {
    expect(outcome(pageWeightRule, served({ bytes: 512 * 1024 })).score).toBe(1);
  });

  it('loses credit gradually up to 5 MB', () => {
    const mild = outcome(pageWeightRule, served({ bytes: 1 * MB }));
    const heavy = outcome(pageWeightRule, served({ bytes: 4 * MB }));
    expect(mild.score).toBeGreaterThan(heavy.score);
    expect(mild.severity).toBe('notice');
    expect(heavy.severity).toBeUndefined();
    expect(heavy.score).toBeGreaterThanOrEqual(0.2);
    expect(heavy.detail).toContain('4.0 MB');
  });

  it('fails a page cut at the 5 MB cap', () => {
    const o = outcome(pageWeightRule, served({ bytes: 5 * MB, truncated: true }));
    expect(o.score).toBe(0);
    expect(o.detail).toContain('5.0 MB');
  });
});

describe('rendering.response-time', () => {
  it('passes a fast response', () => {
    expect(outcome(responseTimeRule, served({ timings: { ttfbMs: 800, totalMs: 2000 } })).score).toBe(1);
  });

  it('gives partial credit for a slow first byte', () => {
    const o = outcome(responseTimeRule, served({ timings: { ttfbMs: 2900, totalMs: 3000 } }));
    expect(o.score).toBeGreaterThan(0.3);
    expect(o.score).toBeLessThan(0.7);
    expect(o.detail).toContain('2900 ms');
  });

  it('judges the total when the first-byte time is unknown, down to a floor', () => {
    expect(outcome(responseTimeRule, served({ timings: { totalMs: 6000 } })).score).toBeCloseTo(0.55, 2);
    expect(outcome(responseTimeRule, served({ timings: { ttfbMs: 9000, totalMs: 20_000 } })).score).toBe(0.1);
  });

  it('is not applicable on a shell', () => {
    expect(judge(responseTimeRule, snapshot(SPA_SHELL, { page: resource(url, SPA_SHELL, { timings: { totalMs: 9000 } }) }))).toBe(NOT_APPLICABLE);
  });
});

describe('rendering.text-encoding', () => {
  it('passes clean text', () => {
    expect(outcome(textEncodingRule, served({})).score).toBe(1);
  });

  it('notes a stray replacement character', () => {
    const body = html.replace('</p>', ' caf\uFFFD</p>');
    const o = outcome(textEncodingRule, served({}, body));
    expect(o.score).toBe(0.9);
    expect(o.severity).toBe('notice');
  });

  it('warns about systematic garbling and names the encoding used', () => {
    const garbled = html.replace(/e/g, '\uFFFD');
    const o = outcome(textEncodingRule, served({ encoding: 'windows-1252' }, garbled));
    expect(o.score).toBeLessThanOrEqual(0.2);
    expect(o.severity).toBeUndefined();
    expect(o.detail).toContain('windows-1252');
  });
});
