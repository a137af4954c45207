import { describe, expect, it } from 'vitest';
import challengeTrainingAgentsBlocked from '../../../../shared/rules/crawler-access/challenge.training-agents-blocked.js';
import { audit, crawlerAccessScore, issue, site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';
import { CF_CHALLENGE, PRICE, answered, ok } from './fixtures.js';

testRule(challengeTrainingAgentsBlocked, {
  passes: [{ name: 'GPTBot gets the page', snapshot: site({ pageAsTrainingAgent: ok }) }],
  fails: [
    {
      name: 'a Cloudflare challenge for GPTBot only: a notice that the choice was made, with the probe caveat',
      snapshot: site({ pageAsTrainingAgent: answered(403, {}, CF_CHALLENGE) }),
      severity: 'notice',
      detail: [/GPTBot got a Cloudflare challenge \(HTTP 403\)/, /AI search and citations are unaffected/, /verified bot IP ranges/],
    },
    {
      name: 'GPTBot asked to pay',
      snapshot: site({ pageAsTrainingAgent: answered(402, PRICE) }),
      detail: /asked to pay \(HTTP 402, pay per crawl, crawler-price: USD 0.01\)/,
    },
  ],
  notApplicable: [{ name: 'no training probe (an older snapshot, or the extension)', snapshot: site() }],
});

describe('agent probes beyond OAI-SearchBot and ChatGPT-User', () => {
  it('a block of the training crawler alone costs nothing and is no critical challenge', () => {
    const a = audit(site({ pageAsTrainingAgent: answered(403, {}, CF_CHALLENGE), pageAsSecondUserAgent: ok }));
    expect(issue(a, 'challenge.ai-agents-blocked')).toBeUndefined();
    expect(issue(a, 'challenge.training-agents-blocked')?.severity).toBe('notice');
    expect(crawlerAccessScore(a)).toBe(100);
    expect(a.crawlers.find((c) => c.agent === 'GPTBot')).toMatchObject({ http_status: 403, challenged: true });
    expect(a.crawlers.find((c) => c.agent === 'Claude-User')).toMatchObject({ http_status: 200, challenged: false });
  });
});
