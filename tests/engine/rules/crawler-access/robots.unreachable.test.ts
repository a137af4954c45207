import { describe, expect, it } from 'vitest';
import robotsUnreachable from '../../../../shared/rules/crawler-access/robots.unreachable.js';
import { failedResource } from '../../../../shared/gather/failed-resource.js';
import { audit, crawlerAccessScore, issue, resource, site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';
import { ROBOTS_URL } from './fixtures.js';

describe('robots.txt availability in an audit', () => {
  it('a 5xx robots.txt is a critical complete disallow, reported once', () => {
    const a = audit(site({ robotsTxt: resource(ROBOTS_URL, 'err', { status: 503 }) }));
    const critical = issue(a, 'robots.unreachable');
    expect(critical?.severity).toBe('critical');
    expect(critical?.detail).toMatch(/HTTP 503/);
    expect(critical?.detail).toMatch(/complete disallow/);
    expect(issue(a, 'robots.search-agents-blocked')).toBeUndefined();
    expect(a.crawlers.every((c) => c.robots === 'blocked')).toBe(true);
    expect(crawlerAccessScore(a)).toBeLessThan(100);
  });

  it('a 404 robots.txt allows everything and raises nothing', () => {
    const a = audit(site());
    expect(a.issues).toEqual([]);
    expect(a.crawlers.every((c) => c.robots === 'allowed')).toBe(true);
  });
});

testRule(robotsUnreachable, {
  passes: [{ name: 'a 404 robots.txt', snapshot: site() }],
  fails: [
    {
      name: 'an unreachable robots.txt (timeout) is a complete disallow too',
      snapshot: () => site({ robotsTxt: failedResource(ROBOTS_URL, 'timeout', 'timed out') }),
      detail: /could not be fetched/,
    },
  ],
  notApplicable: [
    { name: 'our own deadline stopped the fetch', snapshot: () => site({ robotsTxt: failedResource(ROBOTS_URL, 'deadline', 'x') }) },
  ],
});
