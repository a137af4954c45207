import { describe, expect, it } from 'vitest';
import challengeBlocksAgents from '../../../shared/rules/crawler-access/challenge.ai-agents-blocked.js';
import httpStatus from '../../../shared/rules/crawler-access/http.status.js';
import redirectChain from '../../../shared/rules/crawler-access/http.redirect-chain.js';
import { failedResource } from '../../../shared/gather/failed-resource.js';
import { ARTICLE, PAGE_URL, agentsGet, audit, crawlerAccessScore, issue, resource, site } from './site.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';

const CF_CHALLENGE = '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><div id="cf-challenge-running"></div></body></html>';

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

  it('a 403 only for the AI agents is critical even without a vendor signature', () => {
    const a = audit(site(agentsGet('Forbidden', 403, { server: 'cloudflare' })));
    const found = issue(a, 'challenge.ai-agents-blocked');
    expect(found?.severity).toBe('critical');
    expect(found?.detail).toMatch(/OAI-SearchBot and ChatGPT-User got HTTP 403, while a browser got HTTP 200/);
    expect(found?.detail).toMatch(/Cloudflare settings/);
    expect(a.crawlers.find((c) => c.agent === 'OAI-SearchBot')).toMatchObject({ http_status: 403, challenged: true });
  });

  it('partial credit when only one agent is refused', () => {
    const r = outcome(challengeBlocksAgents, site({ pageAsUserAgent: resource(PAGE_URL, 'no', { status: 429 }) }));
    expect(r.score).toBe(0.5);
    expect(r.detail).toMatch(/^ChatGPT-User got HTTP 429/);
  });

  it('a connection reset only for AI agents counts as a block', () => {
    const reset = failedResource(PAGE_URL, 'network', 'socket hang up');
    const r = outcome(challengeBlocksAgents, site({ pageAsSearchAgent: reset, pageAsUserAgent: reset }));
    expect(r.score).toBe(0);
    expect(r.detail).toMatch(/OAI-SearchBot and ChatGPT-User had the connection dropped \(network\)/);
  });

  it('passes when the AI agents get the same page; weak markers alone are no challenge', () => {
    const html = ARTICLE.replace('</body>', '<script src="/cdn-cgi/challenge-platform/h/b/scripts/jsd/x/main.js"></script></body>');
    expect(outcome(challengeBlocksAgents, site({ html })).score).toBe(1);
    const a = audit(site({ html }));
    expect(a.crawlers.find((c) => c.agent === 'OAI-SearchBot')).toMatchObject({ http_status: 200, challenged: false });
    expect(a.crawlers.find((c) => c.agent === 'GPTBot')).not.toHaveProperty('http_status');
  });

  it('a 404 for everyone is not a challenge', () => {
    const notFound = resource(PAGE_URL, 'Not found', { status: 404 });
    const snap = site({ page: notFound, pageAsSearchAgent: notFound, pageAsUserAgent: notFound });
    expect(outcome(challengeBlocksAgents, snap).score).toBe(1);
    expect(outcome(httpStatus, snap).score).toBe(0);
  });

  it('is not applicable when no agent fetch ran and the browser was not challenged', () => {
    expect(judge(challengeBlocksAgents, site({ pageAsSearchAgent: null, pageAsUserAgent: null }))).toBe(NOT_APPLICABLE);
  });
});

describe('http.status', () => {
  it.each([404, 410, 500, 503])('HTTP %i is critical', (status) => {
    const snap = site({ page: resource(PAGE_URL, 'x', { status }) });
    const r = outcome(httpStatus, snap);
    expect(r.score).toBe(0);
    expect(r.detail).toContain(`HTTP ${status}`);
    expect(issue(audit(snap), 'http.status')?.severity).toBe('critical');
  });

  it('HTTP 200 passes', () => {
    expect(outcome(httpStatus, site()).score).toBe(1);
  });

  it('a final 3xx is only a warning', () => {
    const r = outcome(httpStatus, site({ page: resource(PAGE_URL, '', { status: 304 }) }));
    expect(r.severity).toBe('warning');
    expect(r.score).toBe(0.5);
  });
});

describe('http.redirect-chain', () => {
  const redirected = (from: string, hops: number) =>
    site({
      page: resource(from, ARTICLE, {
        finalUrl: PAGE_URL,
        redirects: Array.from({ length: hops }, (_, i) => ({ url: i === 0 ? from : `${from}?hop=${i}`, status: 301 })),
      }),
    });

  it('a cross-host redirect is a warning', () => {
    const r = outcome(redirectChain, redirected('https://old-brand.net/post', 1));
    expect(r.score).toBe(0.5);
    expect(redirectChain.severity).toBe('warning');
    expect(r.detail).toMatch(/from old-brand\.net to example\.com/);
  });

  it('a long chain is a warning', () => {
    expect(outcome(redirectChain, redirected('https://example.com/p', 3)).detail).toMatch(/3 redirects/);
  });

  it('one http→https or www hop passes', () => {
    expect(outcome(redirectChain, redirected('http://www.example.com/blog/post', 1)).score).toBe(1);
    expect(outcome(redirectChain, site()).score).toBe(1);
  });
});
