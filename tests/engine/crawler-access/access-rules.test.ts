import { describe, expect, it } from 'vitest';
import challengeAiAgentsBlocked from '../../../shared/rules/crawler-access/challenge.ai-agents-blocked.js';
import httpStatus from '../../../shared/rules/crawler-access/http.status.js';
import httpRedirectChain from '../../../shared/rules/crawler-access/http.redirect-chain.js';
import { failedResource } from '../../../shared/gather/failed-resource.js';
import { ARTICLE, PAGE_URL, agentsGet, audit, crawlerAccessScore, issue, resource, site } from './site.js';
import { outcome, testRule } from '../rule-tester.js';

const CF_CHALLENGE =
  '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><div id="cf-challenge-running"></div></body></html>';

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

  it('passes when the AI agents get the same page: weak markers alone are no challenge', () => {
    const a = audit(site({ html: WEAK_MARKERS }));
    expect(a.crawlers.find((c) => c.agent === 'OAI-SearchBot')).toMatchObject({ http_status: 200, challenged: false });
    expect(a.crawlers.find((c) => c.agent === 'GPTBot')).not.toHaveProperty('http_status');
  });

  it('a 404 for everyone is not a challenge, but an HTTP error', () => {
    expect(outcome(httpStatus, notFoundForEveryone()).score).toBe(0);
  });
});

const WEAK_MARKERS = ARTICLE.replace('</body>', '<script src="/cdn-cgi/challenge-platform/h/b/scripts/jsd/x/main.js"></script></body>');
const notFoundForEveryone = () => {
  const notFound = resource(PAGE_URL, 'Not found', { status: 404 });
  return site({ page: notFound, pageAsSearchAgent: notFound, pageAsUserAgent: notFound });
};
const reset = () => failedResource(PAGE_URL, 'network', 'socket hang up');

testRule(challengeAiAgentsBlocked, {
  passes: [
    { name: 'the AI agents get the same page; weak markers alone are no challenge', snapshot: site({ html: WEAK_MARKERS }) },
    { name: 'a 404 for everyone is not a challenge', snapshot: notFoundForEveryone },
  ],
  partial: [
    {
      name: 'only one agent refused: half the credit',
      snapshot: site({ pageAsUserAgent: resource(PAGE_URL, 'no', { status: 429 }) }),
      score: 0.5,
      detail: /^ChatGPT-User got HTTP 429/,
    },
  ],
  fails: [
    {
      name: 'a connection reset only for AI agents counts as a block',
      snapshot: () => site({ pageAsSearchAgent: reset(), pageAsUserAgent: reset() }),
      detail: /OAI-SearchBot and ChatGPT-User had the connection dropped \(network\)/,
    },
  ],
  notApplicable: [
    { name: 'no agent fetch ran and the browser was not challenged', snapshot: site({ pageAsSearchAgent: null, pageAsUserAgent: null }) },
  ],
});

describe('http.status in an audit', () => {
  it.each([404, 410, 500, 503])('HTTP %i is critical', (status) => {
    expect(issue(audit(site({ page: resource(PAGE_URL, 'x', { status }) })), 'http.status')?.severity).toBe('critical');
  });
});

testRule(httpStatus, {
  passes: [{ name: 'HTTP 200', snapshot: site() }],
  fails: [404, 410, 500, 503].map((status) => ({
    name: `HTTP ${status}`,
    snapshot: site({ page: resource(PAGE_URL, 'x', { status }) }),
    detail: `HTTP ${status}`,
  })),
  partial: [
    {
      name: 'a final 3xx is only a warning',
      snapshot: site({ page: resource(PAGE_URL, '', { status: 304 }) }),
      score: 0.5,
      severity: 'warning',
    },
  ],
});

const redirected = (from: string, hops: number) =>
  site({
    page: resource(from, ARTICLE, {
      finalUrl: PAGE_URL,
      redirects: Array.from({ length: hops }, (_, i) => ({ url: i === 0 ? from : `${from}?hop=${i}`, status: 301 })),
    }),
  });

testRule(httpRedirectChain, {
  passes: [
    { name: 'one http→https and www hop', snapshot: redirected('http://www.example.com/blog/post', 1) },
    { name: 'no redirect', snapshot: site() },
  ],
  partial: [
    {
      name: 'a cross-host redirect: a warning',
      snapshot: redirected('https://old-brand.net/post', 1),
      score: 0.5,
      severity: 'warning',
      detail: /from old-brand\.net to example\.com/,
      check: () => expect(httpRedirectChain.severity).toBe('warning'),
    },
    { name: 'a long chain', snapshot: redirected('https://example.com/p', 3), detail: /3 redirects/ },
  ],
});
