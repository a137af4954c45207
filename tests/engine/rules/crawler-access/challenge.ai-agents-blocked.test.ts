import { describe, expect, it } from 'vitest';
import challengeAiAgentsBlocked from '../../../../shared/rules/crawler-access/challenge.ai-agents-blocked.js';
import { PAGE_URL, agentsGet, audit, crawlerAccessScore, issue, resource, site } from '../../crawler-access/site.js';
import { judge, testRule } from '../../rule-tester.js';
import { CF_CHALLENGE, PRICE, WEAK_MARKERS, answered, notFoundForEveryone } from './fixtures.js';

describe('challenge.ai-agents-blocked', () => {
  it.each([
    ['Cloudflare', CF_CHALLENGE, 403, {}],
    ['Cloudflare', '', 403, { 'cf-mitigated': 'challenge' }],
    ['Akamai', '<h1>Access Denied</h1><p>Reference #18.2f3c1502.1700000000.1a2b3c</p>', 403, {}],
    ['Imperva', '<html>Request unsuccessful. Incapsula incident ID: 1-2</html>', 200, {}],
    ['DataDome', '<script src="https://geo.captcha-delivery.com/captcha/"></script>', 403, {}],
    ['PerimeterX', '<div id="px-captcha"></div>', 403, {}],
    ['Vercel', 'checkpoint', 429, { 'x-vercel-mitigated': 'challenge' }],
  ])('a %s challenge served only to AI agents is critical', (vendor, body, status, headers) => {
    const a = audit(site(agentsGet(body, status, headers)));
    const found = issue(a, 'challenge.ai-agents-blocked');
    expect(found?.severity).toBe('critical');
    expect(found?.title).toBe('Bot protection blocks AI agents');
    expect(found?.detail).toContain(vendor);
    expect(found?.detail).toContain('OAI-SearchBot');
    expect(a.crawlers.find((c) => c.agent === 'OAI-SearchBot')).toMatchObject({ http_status: status, challenged: true });
    expect(a.crawlers.find((c) => c.agent === 'ChatGPT-User')).toMatchObject({ http_status: status, challenged: true });
    expect(crawlerAccessScore(a)).toBeLessThan(100);
  });

  it('a challenge served to everyone is critical with its own title, and not doubled by http.status', () => {
    const challenge = resource(PAGE_URL, CF_CHALLENGE, { status: 403 });
    const a = audit(site({ page: challenge, pageAsSearchAgent: challenge, pageAsUserAgent: challenge }));
    const found = issue(a, 'challenge.ai-agents-blocked');
    expect(found?.severity).toBe('critical');
    expect(found?.title).toBe('A bot challenge is served to every visitor');
    expect(found?.detail).toMatch(/Cloudflare/);
    expect(issue(a, 'http.status')).toBeUndefined();
  });

  it("a 403 for an agent robots.txt disallows is still a block here (an allowed agent is access.edge-refuses-allowed-agent's)", () => {
    const a = audit(site({ robots: 'User-agent: OAI-SearchBot\nDisallow: /\n', ...agentsGet('Forbidden', 403, { server: 'cloudflare' }) }));
    const found = issue(a, 'challenge.ai-agents-blocked');
    expect(found?.severity).toBe('critical');
    expect(found?.detail).toMatch(/^OAI-SearchBot got HTTP 403, while a browser got HTTP 200/);
    expect(found?.detail).toMatch(/Cloudflare settings/);
    expect(a.crawlers.find((c) => c.agent === 'OAI-SearchBot')).toMatchObject({ http_status: 403, challenged: true });
  });

  it('passes when the AI agents get the same page: weak markers alone are no challenge', () => {
    const a = audit(site({ html: WEAK_MARKERS }));
    expect(a.crawlers.find((c) => c.agent === 'OAI-SearchBot')).toMatchObject({ http_status: 200, challenged: false });
    expect(a.crawlers.find((c) => c.agent === 'GPTBot')).not.toHaveProperty('http_status');
  });
});

testRule(challengeAiAgentsBlocked, {
  passes: [
    { name: 'the AI agents get the same page; weak markers alone are no challenge', snapshot: site({ html: WEAK_MARKERS }) },
    { name: 'a 404 for everyone is not a challenge', snapshot: notFoundForEveryone },
  ],
  partial: [
    {
      name: 'only one agent challenged: half the credit',
      snapshot: site({ pageAsUserAgent: resource(PAGE_URL, CF_CHALLENGE, { status: 429 }) }),
      score: 0.5,
      detail: /^ChatGPT-User got a Cloudflare challenge/,
    },
  ],
  notApplicable: [
    { name: 'no agent fetch ran and the browser was not challenged', snapshot: site({ pageAsSearchAgent: null, pageAsUserAgent: null }) },
  ],
});

describe('agent probes beyond OAI-SearchBot and ChatGPT-User', () => {
  it('a challenge for the second user agent alone is the critical challenge, for that agent', () => {
    const a = audit(site({ pageAsSecondUserAgent: answered(403, { server: 'cloudflare' }, CF_CHALLENGE) }));
    const found = issue(a, 'challenge.ai-agents-blocked');
    expect(found?.severity).toBe('critical');
    expect(found?.detail).toMatch(/^Claude-User got a Cloudflare challenge/);
    expect(found?.detail).toMatch(/verified bot IP ranges or signatures/);
  });

  it('a 402 is a charge, not a block: no critical challenge for it (before: HTTP 402 counted as a block)', () => {
    const snap = site({ pageAsUserAgent: answered(402, PRICE) });
    expect(judge(challengeAiAgentsBlocked, snap)).toEqual({ score: 1 });
    expect(audit(snap).crawlers.find((c) => c.agent === 'ChatGPT-User')).toMatchObject({ http_status: 402, challenged: false });
  });
});
