import { describe, expect, it } from 'vitest';
import robotsLinkPreviewsBlocked from '../../../../shared/rules/crawler-access/robots.link-previews-blocked.js';
import { audit, issue, site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';
import { copied } from './fixtures.js';

describe('copied AI block lists in an audit', () => {
  it('flags facebookexternalhit link previews as a notice, naming the copied list', () => {
    const notice = issue(audit(copied()), 'robots.link-previews-blocked');
    expect(notice?.severity).toBe('notice');
    expect(notice?.detail).toMatch(/copied from a broad AI block list/);
  });
});

testRule(robotsLinkPreviewsBlocked, {
  fails: [
    {
      name: 'a short hand-written block is not called a copied list',
      snapshot: site({ robots: 'User-agent: facebookexternalhit\nDisallow: /\n' }),
      check: (o) => expect(o.detail).not.toMatch(/copied/),
    },
  ],
  notApplicable: [
    { name: 'only a site-wide * block (the agent rules report it)', snapshot: site({ robots: 'User-agent: *\nDisallow: /\n' }) },
  ],
});
