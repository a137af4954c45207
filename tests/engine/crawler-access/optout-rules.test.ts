import { describe, expect, it } from 'vitest';
import tdmrep from '../../../shared/rules/crawler-access/optout.tdmrep.js';
import contentSignalSearch from '../../../shared/rules/crawler-access/optout.content-signal-search.js';
import contentSignalTrain from '../../../shared/rules/crawler-access/optout.content-signal-train.js';
import aipref from '../../../shared/rules/crawler-access/optout.aipref.js';
import { ARTICLE, audit, crawlerAccessScore, issue, resource, site, textFile } from './site.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';

const TDMREP_URL = 'https://example.com/.well-known/tdmrep.json';
const tdmFile = (rules: unknown) => textFile(TDMREP_URL, JSON.stringify(rules), 'application/json');
const at = (path: string) => `https://example.com${path}`;

describe('optout.tdmrep', () => {
  const rules = [
    { location: '/blog/open/*', 'tdm-reservation': 0 },
    { location: '/blog/*', 'tdm-reservation': 1, 'tdm-policy': 'https://example.com/tdm-policy.json' },
    { location: '/', 'tdm-reservation': 0 },
  ];

  it('uses the first matching location rule of /.well-known/tdmrep.json', () => {
    const reserved = outcome(tdmrep, site({ tdmrep: tdmFile(rules) }));
    expect(reserved.score).toBe(0);
    expect(reserved.detail).toContain('location "/blog/*"');
    expect(reserved.detail).toContain('https://example.com/tdm-policy.json');
    const open = site({ requestedUrl: at('/blog/open/post'), tdmrep: tdmFile(rules) });
    expect(outcome(tdmrep, open).score).toBe(1);
    expect(outcome(tdmrep, site({ requestedUrl: at('/about'), tdmrep: tdmFile(rules) })).score).toBe(1);
  });

  it('is a zero-weight notice', () => {
    const a = audit(site({ tdmrep: tdmFile(rules) }));
    expect(issue(a, 'optout.tdmrep')?.severity).toBe('notice');
    expect(crawlerAccessScore(a)).toBe(100);
  });

  it('reads the tdm-reservation header and meta tag when the file has no matching rule', () => {
    const header = site({ page: resource(at('/blog/post'), ARTICLE, { headers: { 'content-type': 'text/html', 'tdm-reservation': '1' } }) });
    expect(outcome(tdmrep, header).detail).toContain('tdm-reservation header');
    const meta = site({ html: ARTICLE.replace('<title>', '<meta name="tdm-reservation" content="1"><title>') });
    expect(outcome(tdmrep, meta).detail).toContain('<meta name="tdm-reservation">');
  });

  it('lets the file win over the header', () => {
    const snap = site({
      tdmrep: tdmFile([{ location: '/', 'tdm-reservation': 0 }]),
      page: resource(at('/blog/post'), ARTICLE, { headers: { 'content-type': 'text/html', 'tdm-reservation': '1' } }),
    });
    expect(outcome(tdmrep, snap).score).toBe(1);
  });

  it('is not applicable without a declaration, with invalid JSON or with a protocol-error value', () => {
    expect(judge(tdmrep, site())).toBe(NOT_APPLICABLE);
    expect(judge(tdmrep, site({ tdmrep: textFile(TDMREP_URL, '{not json', 'application/json') }))).toBe(NOT_APPLICABLE);
    expect(judge(tdmrep, site({ tdmrep: tdmFile([{ location: '/', 'tdm-reservation': 7 }]) }))).toBe(NOT_APPLICABLE);
  });
});

describe('Content-Signal', () => {
  it('ai-train=no is a notice with no score change; search=yes passes the search rule', () => {
    const snap = site({ robots: 'User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n' });
    expect(outcome(contentSignalSearch, snap).score).toBe(1);
    expect(outcome(contentSignalTrain, snap).score).toBe(0);
    const a = audit(snap);
    expect(issue(a, 'optout.content-signal-train')?.severity).toBe('notice');
    expect(crawlerAccessScore(a)).toBe(100);
  });

  it('search=no or ai-input=no is a warning that costs score', () => {
    const snap = site({ robots: 'User-agent: *\nContent-Signal: search=no, ai-input=no\nAllow: /\n' });
    const r = outcome(contentSignalSearch, snap);
    expect(r.score).toBeLessThan(1);
    expect(r.detail).toContain('search=no and ai-input=no');
    const a = audit(snap);
    expect(issue(a, 'optout.content-signal-search')?.severity).toBe('warning');
    expect(crawlerAccessScore(a)).toBeLessThan(100);
  });

  it('respects a path-scoped signal', () => {
    const robots = 'User-agent: *\nContent-Signal: /shop/ ai-input=no\nAllow: /\n';
    expect(judge(contentSignalSearch, site({ robots }))).toBe(NOT_APPLICABLE);
    expect(outcome(contentSignalSearch, site({ robots, requestedUrl: at('/shop/item') })).score).toBeLessThan(1);
  });

  it('is not applicable without Content-Signal lines', () => {
    expect(judge(contentSignalSearch, site({ robots: 'User-agent: *\nAllow: /\n' }))).toBe(NOT_APPLICABLE);
    expect(judge(contentSignalTrain, site())).toBe(NOT_APPLICABLE);
  });
});

describe('optout.aipref', () => {
  it('raises a notice for Content-Usage train-ai=n in robots.txt', () => {
    const r = outcome(aipref, site({ robots: 'User-agent: *\nAllow: /\nContent-Usage: / train-ai=n\n' }));
    expect(r.score).toBe(0);
    expect(r.detail).toContain('robots.txt line 3');
    expect(r.detail).toContain('train-ai=n');
    expect(aipref.weight).toBe(0);
  });

  it('reads the Content-Usage header', () => {
    const snap = site({ page: resource(at('/blog/post'), ARTICLE, { headers: { 'content-type': 'text/html', 'content-usage': 'train-ai=n, search=n' } }) });
    const r = outcome(aipref, snap);
    expect(r.detail).toContain('the Content-Usage header');
    expect(r.detail).toContain('search=n');
  });

  it('passes allowing preferences and is not applicable without any', () => {
    expect(outcome(aipref, site({ robots: 'User-agent: *\nContent-Usage: / train-ai=y\n' })).score).toBe(1);
    expect(judge(aipref, site())).toBe(NOT_APPLICABLE);
  });
});
