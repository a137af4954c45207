import { describe, expect, it } from 'vitest';
import robotsServedAsHtml from '../../../../shared/rules/crawler-access/robots.served-as-html.js';
import { audit, site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';
import { HTML_ROBOTS } from './fixtures.js';

describe('robots.txt availability in an audit', () => {
  it('an HTML robots.txt counts as no robots.txt', () => {
    expect(audit(site({ robots: HTML_ROBOTS })).crawlers.every((c) => c.robots === 'allowed')).toBe(true);
  });
});

testRule(robotsServedAsHtml, {
  passes: [{ name: 'a text robots.txt', snapshot: site({ robots: 'User-agent: *\nAllow: /\n' }) }],
  fails: [
    {
      name: 'an HTML robots.txt: a warning',
      snapshot: site({ robots: HTML_ROBOTS }),
      title: 'robots.txt is served as HTML',
      severity: 'warning',
      check: () => expect(robotsServedAsHtml.severity).toBe('warning'),
    },
  ],
});
