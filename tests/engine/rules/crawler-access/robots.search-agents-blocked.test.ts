import { describe, expect, it } from 'vitest';
import robotsSearchAgentsBlocked from '../../../../shared/rules/crawler-access/robots.search-agents-blocked.js';
import { audit, crawlerAccessScore, issue, site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';
import { NOTHING_BLOCKED, copied } from './fixtures.js';

describe('purpose split', () => {
  it('blocking AI search crawlers is critical, names them and costs score', () => {
    const a = audit(site({ robots: 'User-agent: OAI-SearchBot\nUser-agent: PerplexityBot\nDisallow: /\n' }));
    const critical = issue(a, 'robots.search-agents-blocked');
    expect(critical?.severity).toBe('critical');
    expect(critical?.detail).toContain('OAI-SearchBot and PerplexityBot');
    expect(critical?.detail).toContain('/blog/post');
    expect(critical?.detail).toContain('`Disallow: /` on line 3');
    expect(crawlerAccessScore(a)).toBeLessThan(100);
    expect(a.score).toBeLessThanOrEqual(49);
  });

  it('a GPTBot Allow group does not exempt search agents from a * block (and GPTBot stays allowed)', () => {
    const a = audit(site({ robots: 'User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\nAllow: /\n' }));
    expect(a.crawlers.find((c) => c.agent === 'GPTBot')?.robots).toBe('allowed');
    expect(a.crawlers.find((c) => c.agent === 'ClaudeBot')?.robots).toBe('blocked');
    expect(issue(a, 'robots.training-agents-blocked')?.detail).not.toContain('GPTBot');
    expect(issue(a, 'robots.search-agents-blocked')?.severity).toBe('critical');
  });
});

testRule(robotsSearchAgentsBlocked, {
  passes: [{ name: 'nothing blocked', snapshot: site({ robots: NOTHING_BLOCKED }) }],
  partial: [
    {
      name: 'Applebot inherits a Googlebot block and is reported as a search agent',
      snapshot: site({ robots: 'User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nAllow: /\n' }),
      detail: 'Googlebot and Applebot',
    },
    {
      name: 'a copied AI block list explains the Applebot block',
      snapshot: copied,
      detail: /Applebot, Apple’s search crawler, is probably blocked because the file copies/,
    },
  ],
});
