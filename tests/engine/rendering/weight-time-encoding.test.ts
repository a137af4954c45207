import { describe, expect, it } from 'vitest';
import renderingPageWeight from '../../../shared/rules/rendering/rendering.page-weight.js';
import renderingResponseTime from '../../../shared/rules/rendering/rendering.response-time.js';
import renderingTextEncoding from '../../../shared/rules/rendering/rendering.text-encoding.js';
import type { RuleOutcome } from '../../../shared/judge/rule.js';
import { resource, snapshot, words } from '../../helpers/snapshot.js';
import type { FetchedResource } from '../../../shared/types/index.js';
import { SPA_SHELL } from '../pages.js';
import { outcome, testRule } from '../rule-tester.js';

const url = 'https://example.com/';
const html = `<!doctype html><html lang="en"><head><title>Weights and times</title></head><body><p>${words(400)}</p></body></html>`;
const served = (over: Partial<FetchedResource>, body = html) => snapshot(body, { page: resource(url, body, over) });
const MB = 1024 * 1024;
/** The rule's own severity (a warning) applies: the outcome does not override it. */
const ownSeverity = (o: RuleOutcome) => expect(o.severity).toBeUndefined();

testRule(renderingPageWeight, {
  passes: [{ name: 'HTML up to 512 KB', snapshot: served({ bytes: 512 * 1024 }) }],
  partial: [
    { name: '1 MB: a notice', snapshot: served({ bytes: 1 * MB }), severity: 'notice' },
    {
      name: '4 MB: a warning with little credit left',
      snapshot: served({ bytes: 4 * MB }),
      detail: '4.0 MB',
      check: (o) => {
        ownSeverity(o);
        expect(o.score).toBeGreaterThanOrEqual(0.2);
      },
    },
  ],
  fails: [{ name: 'a page cut at the 5 MB cap', snapshot: served({ bytes: 5 * MB, truncated: true }), detail: '5.0 MB' }],
});

describe('rendering.page-weight credit', () => {
  it('falls gradually up to 5 MB', () => {
    expect(outcome(renderingPageWeight, served({ bytes: 1 * MB })).score).toBeGreaterThan(
      outcome(renderingPageWeight, served({ bytes: 4 * MB })).score,
    );
  });
});

testRule(renderingResponseTime, {
  passes: [{ name: 'a fast response', snapshot: served({ timings: { ttfbMs: 800, totalMs: 2000 } }) }],
  partial: [
    {
      name: 'a slow first byte',
      snapshot: served({ timings: { ttfbMs: 2900, totalMs: 3000 } }),
      detail: '2900 ms',
      check: (o) => {
        expect(o.score).toBeGreaterThan(0.3);
        expect(o.score).toBeLessThan(0.7);
      },
    },
    {
      name: 'the total is judged when the first-byte time is unknown',
      snapshot: served({ timings: { totalMs: 6000 } }),
      check: (o) => expect(o.score).toBeCloseTo(0.55, 2),
    },
    { name: 'credit stops at a floor', snapshot: served({ timings: { ttfbMs: 9000, totalMs: 20_000 } }), score: 0.1 },
  ],
  notApplicable: [{ name: 'a shell', snapshot: snapshot(SPA_SHELL, { page: resource(url, SPA_SHELL, { timings: { totalMs: 9000 } }) }) }],
});

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
