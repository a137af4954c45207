import { describe, expect, it } from 'vitest';
import optoutNoai from '../../../../shared/rules/crawler-access/optout.noai.js';
import { audit, issue, site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';
import { withMeta } from './fixtures.js';

testRule(optoutNoai, {
  fails: [
    {
      name: 'noai and noimageai, named',
      snapshot: withMeta('<meta name="robots" content="noai, noimageai">'),
      detail: 'noai and noimageai',
    },
  ],
  notApplicable: [{ name: 'no such directive', snapshot: site() }],
});

describe('optout.noai in an audit', () => {
  it('raises a notice for noai / noimageai without costing score', () => {
    const a = audit(withMeta('<meta name="robots" content="noai, noimageai">'));
    expect(issue(a, 'optout.noai')?.severity).toBe('notice');
    expect(issue(a, 'optout.noai')?.detail).toContain('noai and noimageai');
    expect(a.category_scores.find((c) => c.name === 'Crawler Access')?.score).toBe(100);
  });
});
