import { expect } from 'vitest';
import renderingResponseTime from '../../../../shared/rules/rendering/rendering.response-time.js';
import { resource, snapshot } from '../../../helpers/snapshot.js';
import { SPA_SHELL } from '../../pages.js';
import { testRule } from '../../rule-tester.js';
import { served, url } from './fixtures.js';

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
