import { describe, expect, it } from 'vitest';
import optoutTdmrep from '../../../shared/rules/crawler-access/optout.tdmrep.js';
import optoutContentSignalSearch from '../../../shared/rules/crawler-access/optout.content-signal-search.js';
import optoutContentSignalTrain from '../../../shared/rules/crawler-access/optout.content-signal-train.js';
import optoutAipref from '../../../shared/rules/crawler-access/optout.aipref.js';
import { ARTICLE, audit, crawlerAccessScore, issue, resource, site, textFile } from './site.js';
import { testRule } from '../rule-tester.js';

const TDMREP_URL = 'https://example.com/.well-known/tdmrep.json';
const tdmFile = (rules: unknown) => textFile(TDMREP_URL, JSON.stringify(rules), 'application/json');
const at = (path: string) => `https://example.com${path}`;
const withHeaders = (headers: Record<string, string>) =>
  site({ page: resource(at('/blog/post'), ARTICLE, { headers: { 'content-type': 'text/html', ...headers } }) });

const TDM_RULES = [
  { location: '/blog/open/*', 'tdm-reservation': 0 },
  { location: '/blog/*', 'tdm-reservation': 1, 'tdm-policy': 'https://example.com/tdm-policy.json' },
  { location: '/', 'tdm-reservation': 0 },
];

testRule(optoutTdmrep, {
  passes: [
    {
      name: 'the first matching location of tdmrep.json allows mining (/blog/open/*)',
      snapshot: site({ requestedUrl: at('/blog/open/post'), tdmrep: tdmFile(TDM_RULES) }),
    },
    { name: 'a later location allows mining (/)', snapshot: site({ requestedUrl: at('/about'), tdmrep: tdmFile(TDM_RULES) }) },
    {
      name: 'the file wins over the header',
      snapshot: site({
        tdmrep: tdmFile([{ location: '/', 'tdm-reservation': 0 }]),
        page: resource(at('/blog/post'), ARTICLE, { headers: { 'content-type': 'text/html', 'tdm-reservation': '1' } }),
      }),
    },
  ],
  fails: [
    {
      name: 'the first matching location reserves rights, with its policy',
      snapshot: site({ tdmrep: tdmFile(TDM_RULES) }),
      detail: ['location "/blog/*"', 'https://example.com/tdm-policy.json'],
    },
    {
      name: 'the tdm-reservation header when the file has no rule',
      snapshot: withHeaders({ 'tdm-reservation': '1' }),
      detail: 'tdm-reservation header',
    },
    {
      name: 'the tdm-reservation meta tag',
      snapshot: site({ html: ARTICLE.replace('<title>', '<meta name="tdm-reservation" content="1"><title>') }),
      detail: '<meta name="tdm-reservation">',
    },
  ],
  notApplicable: [
    { name: 'no declaration', snapshot: site() },
    { name: 'invalid JSON', snapshot: site({ tdmrep: textFile(TDMREP_URL, '{not json', 'application/json') }) },
    { name: 'a protocol-error value', snapshot: site({ tdmrep: tdmFile([{ location: '/', 'tdm-reservation': 7 }]) }) },
  ],
});

describe('optout.tdmrep in an audit', () => {
  it('is a zero-weight notice', () => {
    const a = audit(site({ tdmrep: tdmFile(TDM_RULES) }));
    expect(issue(a, 'optout.tdmrep')?.severity).toBe('notice');
    expect(crawlerAccessScore(a)).toBe(100);
  });
});

const SEARCH_YES_TRAIN_NO = 'User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n';
const SEARCH_NO = 'User-agent: *\nContent-Signal: search=no, ai-input=no\nAllow: /\n';
const SHOP_ONLY = 'User-agent: *\nContent-Signal: /shop/ ai-input=no\nAllow: /\n';

testRule(optoutContentSignalSearch, {
  passes: [{ name: 'search=yes', snapshot: site({ robots: SEARCH_YES_TRAIN_NO }) }],
  partial: [
    { name: 'search=no and ai-input=no: a warning', snapshot: site({ robots: SEARCH_NO }), detail: 'search=no and ai-input=no' },
    { name: 'a path-scoped signal on its path', snapshot: site({ robots: SHOP_ONLY, requestedUrl: at('/shop/item') }) },
  ],
  notApplicable: [
    { name: 'a path-scoped signal elsewhere', snapshot: site({ robots: SHOP_ONLY }) },
    { name: 'no Content-Signal line', snapshot: site({ robots: 'User-agent: *\nAllow: /\n' }) },
  ],
});

testRule(optoutContentSignalTrain, {
  fails: [{ name: 'ai-train=no', snapshot: site({ robots: SEARCH_YES_TRAIN_NO }) }],
  notApplicable: [{ name: 'no robots.txt', snapshot: site() }],
});

describe('Content-Signal in an audit', () => {
  it('ai-train=no is a notice with no score change', () => {
    const a = audit(site({ robots: SEARCH_YES_TRAIN_NO }));
    expect(issue(a, 'optout.content-signal-train')?.severity).toBe('notice');
    expect(crawlerAccessScore(a)).toBe(100);
  });

  it('search=no or ai-input=no is a warning that costs score', () => {
    const a = audit(site({ robots: SEARCH_NO }));
    expect(issue(a, 'optout.content-signal-search')?.severity).toBe('warning');
    expect(crawlerAccessScore(a)).toBeLessThan(100);
  });
});

testRule(optoutAipref, {
  passes: [{ name: 'allowing preferences', snapshot: site({ robots: 'User-agent: *\nContent-Usage: / train-ai=y\n' }) }],
  fails: [
    {
      name: 'Content-Usage train-ai=n in robots.txt: a zero-weight notice',
      snapshot: site({ robots: 'User-agent: *\nAllow: /\nContent-Usage: / train-ai=n\n' }),
      detail: ['robots.txt line 3', 'train-ai=n'],
      check: () => expect(optoutAipref.weight).toBe(0),
    },
    {
      name: 'the Content-Usage header',
      snapshot: withHeaders({ 'content-usage': 'train-ai=n, search=n' }),
      detail: ['the Content-Usage header', 'search=n'],
    },
  ],
  notApplicable: [{ name: 'no preference declared', snapshot: site() }],
});
