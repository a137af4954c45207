import { describe, expect, it } from 'vitest';
import metaRobotsNoindex from '../../../shared/rules/crawler-access/meta-robots.noindex.js';
import metaRobotsNosnippet from '../../../shared/rules/crawler-access/meta-robots.nosnippet.js';
import optoutNoai from '../../../shared/rules/crawler-access/optout.noai.js';
import { xRobotsTagDirectives } from '../../../shared/facts/robots-directives.js';
import { PAGE_URL, audit, issue, resource, site } from './site.js';
import { testRule } from '../rule-tester.js';

const withHead = (meta: string) => `<!doctype html><html><head>${meta}<title>T</title></head><body><p>Text</p></body></html>`;
const withMeta = (meta: string) => site({ html: withHead(meta) });
const withHeader = (value: string) =>
  site({ page: resource(PAGE_URL, withHead(''), { headers: { 'content-type': 'text/html', 'x-robots-tag': value } }) });

testRule(metaRobotsNoindex, {
  passes: [
    { name: 'index, follow', snapshot: withMeta('<meta name="robots" content="index, follow, max-snippet:-1">') },
    { name: 'noindex addressed to a training-only crawler', snapshot: withMeta('<meta name="GPTBot" content="noindex">') },
    { name: 'noindex for a bot we do not judge', snapshot: withMeta('<meta name="yandex" content="noindex">') },
    { name: 'an X-Robots-Tag for another bot', snapshot: withHeader('otherbot: noindex') },
  ],
  fails: [
    {
      name: '<meta name="robots" content="noindex">',
      snapshot: withMeta('<meta name="robots" content="noindex, follow">'),
      detail: '<meta name="robots">',
    },
    { name: 'none', snapshot: withMeta('<meta name="ROBOTS" content="NONE">') },
    { name: 'the X-Robots-Tag header', snapshot: withHeader('noindex'), detail: 'the X-Robots-Tag header' },
    {
      name: 'an X-Robots-Tag sent only to the AI agents',
      snapshot: site({
        pageAsSearchAgent: resource(PAGE_URL, withHead(''), { headers: { 'content-type': 'text/html', 'x-robots-tag': 'noindex' } }),
      }),
      detail: '(sent to OAI-SearchBot)',
    },
  ],
  partial: [
    {
      name: '<meta name="googlebot">: one bot, half the credit',
      snapshot: withMeta('<meta name="googlebot" content="noindex">'),
      score: 0.5,
      detail: 'googlebot',
    },
    { name: 'X-Robots-Tag googlebot:', snapshot: withHeader('googlebot: noindex, nofollow'), detail: 'X-Robots-Tag: googlebot:' },
    { name: 'an AI search bot named in a meta tag', snapshot: withMeta('<meta name="OAI-SearchBot" content="noindex">'), score: 0.5 },
  ],
  notApplicable: [
    {
      name: 'an error page',
      snapshot: site({ page: resource(PAGE_URL, withHead('<meta name="robots" content="noindex">'), { status: 404 }) }),
    },
  ],
});

describe('meta-robots.noindex in an audit', () => {
  it('is a critical issue', () => {
    const found = issue(audit(withMeta('<meta name="robots" content="noindex, follow">')), 'meta-robots.noindex');
    expect(found?.severity).toBe('critical');
    expect(found?.detail).toContain('<meta name="robots">');
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

testRule(metaRobotsNosnippet, {
  passes: [{ name: 'a positive snippet length', snapshot: withMeta('<meta name="robots" content="max-snippet:160">') }],
  partial: [
    {
      name: 'nosnippet: a warning',
      snapshot: withMeta('<meta name="robots" content="nosnippet">'),
      severity: 'warning',
      check: () => expect(metaRobotsNosnippet.severity).toBe('warning'),
    },
    { name: 'max-snippet: 0 in the header', snapshot: withHeader('max-snippet: 0'), detail: 'max-snippet:0' },
  ],
});

describe('meta-robots.nosnippet in an audit', () => {
  it('is a warning', () => {
    expect(issue(audit(withHeader('max-snippet:0')), 'meta-robots.nosnippet')?.severity).toBe('warning');
  });
});

testRule(optoutNoai, {
  fails: [
    {
      name: 'noai and noimageai, named',
      snapshot: withMeta('<meta name="robots" content="noai, noimageai">'),
      detail: 'noai and noimageai',
    },
  ],
  notApplicable: [{ name: 'no such directive', snapshot: site() }],
});

describe('optout.noai in an audit', () => {
  it('raises a notice for noai / noimageai without costing score', () => {
    const a = audit(withMeta('<meta name="robots" content="noai, noimageai">'));
    expect(issue(a, 'optout.noai')?.severity).toBe('notice');
    expect(issue(a, 'optout.noai')?.detail).toContain('noai and noimageai');
    expect(a.category_scores.find((c) => c.name === 'Crawler Access')?.score).toBe(100);
  });
});
