import { describe, expect, it } from 'vitest';
import renderingPageWeight from '../../../../shared/rules/rendering/rendering.page-weight.js';
import { outcome, testRule } from '../../rule-tester.js';
import { ownSeverity, served } from './fixtures.js';

const MB = 1024 * 1024;

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
