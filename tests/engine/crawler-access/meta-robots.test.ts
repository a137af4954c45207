import { describe, expect, it } from 'vitest';
import noindex from '../../../shared/rules/crawler-access/meta-robots.noindex.js';
import nosnippet from '../../../shared/rules/crawler-access/meta-robots.nosnippet.js';
import noai from '../../../shared/rules/crawler-access/optout.noai.js';
import { xRobotsTagDirectives } from '../../../shared/facts/robots-directives.js';
import { PAGE_URL, audit, issue, resource, site } from './site.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';

const withHead = (meta: string) => `<!doctype html><html><head>${meta}<title>T</title></head><body><p>Text</p></body></html>`;
const withHeader = (value: string) => site({ page: resource(PAGE_URL, withHead(''), { headers: { 'content-type': 'text/html', 'x-robots-tag': value } }) });

describe('meta-robots.noindex', () => {
  it('fails on <meta name="robots" content="noindex">, as a critical issue', () => {
    const snap = site({ html: withHead('<meta name="robots" content="noindex, follow">') });
    expect(outcome(noindex, snap).score).toBe(0);
    const found = issue(audit(snap), 'meta-robots.noindex');
    expect(found?.severity).toBe('critical');
    expect(found?.detail).toContain('<meta name="robots">');
  });

  it('fails on none and on the X-Robots-Tag header', () => {
    expect(outcome(noindex, site({ html: withHead('<meta name="ROBOTS" content="NONE">') })).score).toBe(0);
    const r = outcome(noindex, withHeader('noindex'));
    expect(r.score).toBe(0);
    expect(r.detail).toContain('the X-Robots-Tag header');
  });

  it('reads bot-specific forms: meta googlebot, X-Robots-Tag googlebot:, AI bot names', () => {
    const meta = outcome(noindex, site({ html: withHead('<meta name="googlebot" content="noindex">') }));
    expect(meta.score).toBe(0.5);
    expect(meta.detail).toContain('googlebot');
    expect(outcome(noindex, withHeader('googlebot: noindex, nofollow')).detail).toContain('X-Robots-Tag: googlebot:');
    expect(outcome(noindex, site({ html: withHead('<meta name="OAI-SearchBot" content="noindex">') })).score).toBe(0.5);
  });

  it('reads an X-Robots-Tag sent only to the AI agents', () => {
    const agentPage = resource(PAGE_URL, withHead(''), { headers: { 'content-type': 'text/html', 'x-robots-tag': 'noindex' } });
    const r = outcome(noindex, site({ pageAsSearchAgent: agentPage }));
    expect(r.score).toBe(0);
    expect(r.detail).toContain('(sent to OAI-SearchBot)');
  });

  it('ignores noindex addressed to a training-only crawler and directives for other bots', () => {
    expect(outcome(noindex, site({ html: withHead('<meta name="GPTBot" content="noindex">') })).score).toBe(1);
    expect(outcome(noindex, site({ html: withHead('<meta name="yandex" content="noindex">') })).score).toBe(1);
    expect(outcome(noindex, withHeader('otherbot: noindex')).score).toBe(1);
  });

  it('passes index pages and is not applicable on an error page', () => {
    expect(outcome(noindex, site({ html: withHead('<meta name="robots" content="index, follow, max-snippet:-1">') })).score).toBe(1);
    expect(judge(noindex, site({ page: resource(PAGE_URL, withHead('<meta name="robots" content="noindex">'), { status: 404 }) }))).toBe(NOT_APPLICABLE);
  });
});

describe('X-Robots-Tag parsing', () => {
  it('keeps value directives such as max-snippet and unavailable_after apart from bot prefixes', () => {
    expect(xRobotsTagDirectives('max-snippet: 0, googlebot: nosnippet, bingbot: noindex')).toEqual([
      { scope: '*', source: 'the X-Robots-Tag header', directives: ['max-snippet:0'] },
      { scope: 'googlebot', source: 'X-Robots-Tag: googlebot:', directives: ['nosnippet'] },
      { scope: 'bingbot', source: 'X-Robots-Tag: bingbot:', directives: ['noindex'] },
    ]);
  });
});

describe('meta-robots.nosnippet', () => {
  it('warns on nosnippet and on max-snippet:0', () => {
    const r = outcome(nosnippet, site({ html: withHead('<meta name="robots" content="nosnippet">') }));
    expect(r.score).toBeLessThan(1);
    expect(nosnippet.severity).toBe('warning');
    expect(outcome(nosnippet, withHeader('max-snippet: 0')).detail).toContain('max-snippet:0');
    expect(issue(audit(withHeader('max-snippet:0')), 'meta-robots.nosnippet')?.severity).toBe('warning');
  });

  it('passes a positive snippet length', () => {
    expect(outcome(nosnippet, site({ html: withHead('<meta name="robots" content="max-snippet:160">') })).score).toBe(1);
  });
});

describe('optout.noai', () => {
  it('raises a notice for noai / noimageai without costing score', () => {
    const snap = site({ html: withHead('<meta name="robots" content="noai, noimageai">') });
    const a = audit(snap);
    expect(issue(a, 'optout.noai')?.severity).toBe('notice');
    expect(issue(a, 'optout.noai')?.detail).toContain('noai and noimageai');
    expect(a.category_scores.find((c) => c.name === 'Crawler Access')?.score).toBe(100);
  });

  it('is not applicable without those directives', () => {
    expect(judge(noai, site())).toBe(NOT_APPLICABLE);
  });
});
