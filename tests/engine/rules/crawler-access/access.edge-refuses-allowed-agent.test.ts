import { describe, expect, it } from 'vitest';
import accessEdgeRefusesAllowedAgent from '../../../../shared/rules/crawler-access/access.edge-refuses-allowed-agent.js';
import { failedResource } from '../../../../shared/gather/failed-resource.js';
import { PAGE_URL, agentsGet, audit, crawlerAccessScore, issue, resource, site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';
import { CF_CHALLENGE, answered, ok } from './fixtures.js';

const reset = () => failedResource(PAGE_URL, 'network', 'socket hang up');
const refused = () => failedResource(PAGE_URL, 'refused', 'connect ECONNREFUSED 203.0.113.7:443');
const toLogin = resource('https://example.com/login?next=/blog/post', '<html><body><form>Sign in</form></body></html>', {
  redirects: [{ url: PAGE_URL, status: 302 }],
});
const elsewhere = resource('https://blocked.example.net/', '<html><body>Access denied</body></html>', {
  redirects: [{ url: PAGE_URL, status: 302 }],
});

testRule(accessEdgeRefusesAllowedAgent, {
  passes: [{ name: 'every probed agent gets the page', snapshot: site({ pageAsTrainingAgent: ok, pageAsSecondUserAgent: ok }) }],
  partial: [
    {
      name: 'only one agent refused (429 without Retry-After): half the credit (moved from challenge.ai-agents-blocked)',
      snapshot: site({ pageAsUserAgent: resource(PAGE_URL, 'no', { status: 429 }) }),
      score: 0.5,
      detail: /^ChatGPT-User: blocked \(HTTP 429\), while a browser got HTTP 200/,
    },
    {
      name: 'rate limited: the status and Retry-After are named',
      snapshot: site({ pageAsSearchAgent: answered(429, { 'retry-after': '120' }) }),
      score: 0.5,
      detail: [/OAI-SearchBot: rate_limited \(HTTP 429, Retry-After: 120\)/, /not robots\.txt/],
    },
  ],
  fails: [
    {
      name: 'a 403 only for the AI agents is critical even without a vendor signature (moved from challenge.ai-agents-blocked)',
      snapshot: site(agentsGet('Forbidden', 403, { server: 'cloudflare' })),
      severity: 'critical',
      detail: [
        /OAI-SearchBot: blocked \(HTTP 403\); ChatGPT-User: blocked \(HTTP 403\), while a browser got HTTP 200/,
        /Cloudflare WAF or bot rule/,
        /verified bot IP ranges/,
      ],
    },
    {
      name: 'a connection reset only for AI agents is an error at the edge (moved from challenge.ai-agents-blocked)',
      snapshot: () => site({ pageAsSearchAgent: reset(), pageAsUserAgent: reset() }),
      detail: /OAI-SearchBot: error \(no response: network\); ChatGPT-User: error \(no response: network\)/,
    },
    {
      name: 'a refused connection is a block',
      snapshot: () => site({ pageAsSearchAgent: refused(), pageAsUserAgent: refused() }),
      detail: /OAI-SearchBot: blocked \(no response: refused\)/,
    },
    {
      name: 'sent to a login page',
      snapshot: site({ pageAsSearchAgent: toLogin, pageAsUserAgent: toLogin }),
      detail: /OAI-SearchBot: redirected_away \(HTTP 200, sent to https:\/\/example\.com\/login\?next=\/blog\/post\)/,
    },
    {
      name: 'sent to another site',
      snapshot: site({ pageAsSearchAgent: elsewhere, pageAsUserAgent: elsewhere }),
      detail: /redirected_away \(HTTP 200, sent to https:\/\/blocked\.example\.net\/\)/,
    },
    {
      name: 'a training crawler alone: a notice that costs nothing',
      snapshot: site({ pageAsTrainingAgent: answered(403, {}, 'Forbidden') }),
      severity: 'notice',
      title: 'The CDN or firewall refuses AI training crawlers that robots.txt allows',
      detail: [/^GPTBot: blocked \(HTTP 403\)/, /legitimate choice/],
      check: (o) => expect(o.informational).toBe(true),
    },
  ],
  notApplicable: [
    { name: 'no agent was probed (the extension without probes)', snapshot: site({ pageAsSearchAgent: null, pageAsUserAgent: null }) },
    {
      name: 'the browser got a challenge too: nothing agent-specific to judge',
      snapshot: () => {
        const challenge = resource(PAGE_URL, CF_CHALLENGE, { status: 403 });
        return site({ page: challenge, pageAsSearchAgent: challenge, pageAsUserAgent: challenge });
      },
    },
    { name: 'robots.txt was not fetched: it allows nothing we know of', snapshot: site({ robotsTxt: null }) },
    { name: 'robots.txt disallows every probed agent', snapshot: site({ robots: 'User-agent: *\nDisallow: /\n' }) },
  ],
});

describe('access.edge-refuses-allowed-agent with the other Crawler Access rules', () => {
  it('a 403 for an allowed agent is reported here once, not again by challenge.ai-agents-blocked', () => {
    const a = audit(site({ pageAsSecondUserAgent: answered(403, { server: 'cloudflare' }, 'Forbidden') }));
    expect(issue(a, 'access.edge-refuses-allowed-agent')?.severity).toBe('critical');
    expect(issue(a, 'access.edge-refuses-allowed-agent')?.detail).toMatch(/^Claude-User: blocked \(HTTP 403\)/);
    expect(issue(a, 'challenge.ai-agents-blocked')).toBeUndefined();
    expect(a.crawlers.find((c) => c.agent === 'Claude-User')?.served).toEqual({
      outcome: 'blocked',
      http_status: 403,
      words: 1,
      similarity: 0,
    });
  });

  it('a challenge stays challenge.ai-agents-blocked, a 402 http.payment-required: neither is counted here', () => {
    const a = audit(site({ pageAsSearchAgent: answered(403, {}, CF_CHALLENGE), pageAsUserAgent: answered(402) }));
    expect(issue(a, 'challenge.ai-agents-blocked')?.detail).toMatch(/^OAI-SearchBot got a Cloudflare challenge/);
    expect(issue(a, 'http.payment-required')?.detail).toMatch(/^ChatGPT-User got HTTP 402/);
    expect(issue(a, 'access.edge-refuses-allowed-agent')).toBeUndefined();
  });

  it('an agent robots.txt disallows is not reported here: robots.txt and the edge are two barriers, each with its rule', () => {
    const a = audit(site({ robots: 'User-agent: OAI-SearchBot\nDisallow: /\n', pageAsSearchAgent: answered(403, {}, 'Forbidden') }));
    expect(issue(a, 'robots.search-agents-blocked')).toBeDefined();
    expect(issue(a, 'access.edge-refuses-allowed-agent')).toBeUndefined();
    // Opening robots.txt alone would not let it in: the 403 stays challenge.ai-agents-blocked's, as before the edge probes.
    expect(issue(a, 'challenge.ai-agents-blocked')?.detail).toMatch(/^OAI-SearchBot got HTTP 403/);
  });

  it('a training crawler refused alone leaves the Crawler Access score whole', () => {
    const a = audit(site({ pageAsTrainingAgent: answered(403, {}, 'Forbidden'), pageAsSecondUserAgent: ok }));
    expect(issue(a, 'access.edge-refuses-allowed-agent')?.severity).toBe('notice');
    expect(issue(a, 'challenge.training-agents-blocked')).toBeUndefined();
    expect(crawlerAccessScore(a)).toBe(100);
  });

  it('the audit deadline cutting a probe is not the edge refusing it', () => {
    const late = failedResource(PAGE_URL, 'deadline', 'the audit deadline ran out');
    const a = audit(site({ pageAsSearchAgent: late, pageAsUserAgent: ok }));
    expect(a.crawlers.find((c) => c.agent === 'OAI-SearchBot')?.served?.outcome).toBe('error');
    expect(issue(a, 'access.edge-refuses-allowed-agent')).toBeUndefined();
  });

  it('agents probed beyond the named members are judged too', () => {
    const a = audit(site({ agentProbes: [{ agent: 'PerplexityBot', resource: answered(403, {}, 'Forbidden') }] }));
    expect(issue(a, 'access.edge-refuses-allowed-agent')?.detail).toMatch(/^PerplexityBot: blocked \(HTTP 403\)/);
    expect(a.crawlers.find((c) => c.agent === 'PerplexityBot')?.served?.outcome).toBe('blocked');
    expect(a.crawlers.find((c) => c.agent === 'Googlebot')?.served).toBeNull();
  });
});
