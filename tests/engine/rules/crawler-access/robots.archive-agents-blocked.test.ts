import { describe, expect, it } from 'vitest';
import robotsArchiveAgentsBlocked from '../../../../shared/rules/crawler-access/robots.archive-agents-blocked.js';
import { audit, crawlerAccessScore, issue, site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';
import { NOTHING_BLOCKED } from './fixtures.js';

describe('purpose split', () => {
  it('a CCBot block is a notice mentioning Common Crawl pipelines', () => {
    const a = audit(site({ robots: 'User-agent: CCBot\nDisallow: /\n' }));
    expect(crawlerAccessScore(a)).toBe(100);
    const notice = issue(a, 'robots.archive-agents-blocked');
    expect(notice?.severity).toBe('notice');
    expect(notice?.detail).toMatch(/Common Crawl/);
    expect(a.crawlers.find((c) => c.agent === 'CCBot')).toMatchObject({ purpose: 'archive', robots: 'blocked' });
  });
});

testRule(robotsArchiveAgentsBlocked, { passes: [{ name: 'nothing blocked', snapshot: site({ robots: NOTHING_BLOCKED }) }] });
