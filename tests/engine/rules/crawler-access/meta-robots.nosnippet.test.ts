import { describe, expect, it } from 'vitest';
import metaRobotsNosnippet from '../../../../shared/rules/crawler-access/meta-robots.nosnippet.js';
import { audit, issue } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';
import { withHeader, withMeta } from './fixtures.js';

testRule(metaRobotsNosnippet, {
  passes: [{ name: 'a positive snippet length', snapshot: withMeta('<meta name="robots" content="max-snippet:160">') }],
  partial: [
    {
      name: 'nosnippet: a warning',
      snapshot: withMeta('<meta name="robots" content="nosnippet">'),
      severity: 'warning',
      check: () => expect(metaRobotsNosnippet.severity).toBe('warning'),
    },
    { name: 'max-snippet: 0 in the header', snapshot: withHeader('max-snippet: 0'), detail: 'max-snippet:0' },
  ],
});

describe('meta-robots.nosnippet in an audit', () => {
  it('is a warning', () => {
    expect(issue(audit(withHeader('max-snippet:0')), 'meta-robots.nosnippet')?.severity).toBe('warning');
  });
});
