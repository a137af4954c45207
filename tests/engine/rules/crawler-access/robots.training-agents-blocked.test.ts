import { describe, expect, it } from 'vitest';
import robotsTrainingAgentsBlocked from '../../../../shared/rules/crawler-access/robots.training-agents-blocked.js';
import { audit, crawlerAccessScore, issue, site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';
import { NOTHING_BLOCKED } from './fixtures.js';

describe('purpose split', () => {
  it('a GPTBot-only block is a notice and costs no score', () => {
    const a = audit(site({ robots: 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n' }));
    expect(crawlerAccessScore(a)).toBe(100);
    expect(a.score).toBe(100);
    const notice = issue(a, 'robots.training-agents-blocked');
    expect(notice?.severity).toBe('notice');
    expect(notice?.detail).toContain('GPTBot');
    expect(a.issues.filter((i) => i.severity !== 'notice')).toEqual([]);
    expect(a.crawlers.find((c) => c.agent === 'GPTBot')?.robots).toBe('blocked');
    expect(a.crawlers.find((c) => c.agent === 'OAI-SearchBot')?.robots).toBe('allowed');
  });
});

testRule(robotsTrainingAgentsBlocked, { passes: [{ name: 'nothing blocked', snapshot: site({ robots: NOTHING_BLOCKED }) }] });
