import { describe, expect, it } from 'vitest';
import challengeTrainingAgentsBlocked from '../../../shared/rules/crawler-access/challenge.training-agents-blocked.js';
import challengeAiAgentsBlocked from '../../../shared/rules/crawler-access/challenge.ai-agents-blocked.js';
import httpPaymentRequired from '../../../shared/rules/crawler-access/http.payment-required.js';
import optoutRslLicense from '../../../shared/rules/crawler-access/optout.rsl-license.js';
import metaRobotsNoindex from '../../../shared/rules/crawler-access/meta-robots.noindex.js';
import { parseRobotsTxt } from '../../../shared/robots/parse.js';
import { ARTICLE, PAGE_URL, audit, crawlerAccessScore, issue, resource, site } from './site.js';
import { judge, NOT_APPLICABLE, testRule } from '../rule-tester.js';

const CF_CHALLENGE =
  '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><div id="cf-challenge-running"></div></body></html>';
const ok = resource(PAGE_URL, ARTICLE);
const answered = (status: number, headers: Record<string, string> = {}, body = 'no') =>
  resource(PAGE_URL, body, { status, headers: { 'content-type': 'text/html', ...headers } });
const PRICE = { 'crawler-price': 'USD 0.01' };

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

testRule(httpPaymentRequired, {
  passes: [
    { name: 'every probed agent gets the page', snapshot: site({ pageAsTrainingAgent: answered(402, PRICE), pageAsSecondUserAgent: ok }) },
  ],
  partial: [
    {
      name: 'ChatGPT-User charged by pay per crawl: a warning about a user-triggered agent',
      snapshot: site({ pageAsUserAgent: answered(402, PRICE), pageAsSecondUserAgent: ok }),
      score: 2 / 3,
      severity: 'warning',
      title: 'AI assistants are asked to pay to read the page',
      detail: [
        /ChatGPT-User got HTTP 402 Payment Required \(pay per crawl, crawler-price: USD 0.01\) while a browser got HTTP 200/,
        /keep 402 for training crawlers/,
        /verified bot IP ranges/,
      ],
    },
    {
      name: 'only the search crawler charged, by x402',
      snapshot: site({ pageAsSearchAgent: answered(402, { 'content-type': 'application/json' }, '{"x402Version":1,"accepts":[]}') }),
      score: 0.5,
      title: 'AI search crawlers are asked to pay to index the page',
      detail: /\(x402\)/,
    },
  ],
  fails: [
    {
      name: 'every citing agent charged',
      snapshot: site({ pageAsSearchAgent: answered(402), pageAsUserAgent: answered(402), pageAsSecondUserAgent: answered(402) }),
      severity: 'warning',
      detail: /no price named/,
    },
  ],
  notApplicable: [{ name: 'no agent probes (the extension)', snapshot: site({ pageAsSearchAgent: null, pageAsUserAgent: null }) }],
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

  it('a block of the second user agent alone is the critical challenge, for that agent', () => {
    const a = audit(site({ pageAsSecondUserAgent: answered(403, { server: 'cloudflare' }, 'Forbidden') }));
    const found = issue(a, 'challenge.ai-agents-blocked');
    expect(found?.severity).toBe('critical');
    expect(found?.detail).toMatch(/^Claude-User got HTTP 403/);
    expect(found?.detail).toMatch(/verified bot IP ranges or signatures/);
  });

  it('a 402 is a charge, not a block: no critical challenge for it (before: HTTP 402 counted as a block)', () => {
    const snap = site({ pageAsUserAgent: answered(402, PRICE) });
    expect(judge(challengeAiAgentsBlocked, snap)).toEqual({ score: 1 });
    expect(audit(snap).crawlers.find((c) => c.agent === 'ChatGPT-User')).toMatchObject({ http_status: 402, challenged: false });
  });

  it('an X-Robots-Tag noindex sent only to the training crawler does not make the page noindex', () => {
    const snap = site({
      pageAsTrainingAgent: resource(PAGE_URL, ARTICLE, { headers: { 'content-type': 'text/html', 'x-robots-tag': 'noindex' } }),
    });
    expect(judge(metaRobotsNoindex, snap)).toEqual({ score: 1 });
    const toUser = site({
      pageAsSecondUserAgent: resource(PAGE_URL, ARTICLE, { headers: { 'content-type': 'text/html', 'x-robots-tag': 'noindex' } }),
    });
    const result = judge(metaRobotsNoindex, toUser);
    expect(result === NOT_APPLICABLE ? null : result.detail).toMatch(/sent to Claude-User/);
  });
});

const withHead = (head: string, over = {}) =>
  site({ html: `<!doctype html><html lang="en"><head><title>Post</title>${head}</head><body><p>Words.</p></body></html>`, ...over });

testRule(optoutRslLicense, {
  passes: [],
  fails: [
    {
      name: 'a License line in robots.txt: informational',
      snapshot: site({ robots: 'User-agent: *\nAllow: /\n\nLicense: https://example.com/license.xml\n' }),
      severity: 'notice',
      title: 'AI use is licensed through RSL',
      detail: [/robots.txt line 4 declares RSL licence terms at https:\/\/example.com\/license.xml/, /Nothing to fix if intended/],
    },
    {
      name: 'an rsl+xml rel=license element and a Link header naming another document',
      snapshot: withHead('<link rel="license" type="application/rsl+xml" href="/rsl.xml">', {
        page: resource(
          PAGE_URL,
          '<!doctype html><html><head><title>P</title><link rel="license" type="application/rsl+xml" href="/rsl.xml"></head><body><p>x</p></body></html>',
          {
            headers: { 'content-type': 'text/html', link: '<https://example.com/other.xml>; rel="license"; type="application/rsl+xml"' },
          },
        ),
      }),
      detail: /name 2 different documents/,
    },
    {
      name: 'a relative License value crawlers cannot follow',
      snapshot: site({ robots: 'License: /license.xml\nUser-agent: *\nDisallow:\n' }),
      title: 'The RSL licence cannot be found from its declaration',
      detail: /robots.txt line 1 gives "\/license.xml"/,
    },
  ],
  notApplicable: [
    { name: 'no licence declared', snapshot: site({ robots: 'User-agent: *\nDisallow:\n' }) },
    {
      name: 'a Creative Commons rel=license link is not RSL',
      snapshot: withHead('<link rel="license" href="https://creativecommons.org/licenses/by/4.0/">'),
    },
  ],
});

describe('robots.txt License lines (RSL 1.0)', () => {
  it('are read, not reported as an unknown directive (before: "unknown directive License")', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /private\nLicense: https://example.com/license.xml\n');
    expect(robots.problems).toEqual([]);
  });
});
