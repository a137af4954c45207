import { describe, expect, it } from 'vitest';
import optoutTdmrep from '../../../../shared/rules/crawler-access/optout.tdmrep.js';
import { ARTICLE, audit, crawlerAccessScore, issue, resource, site, textFile } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';
import { at, withHeaders } from './fixtures.js';

const TDMREP_URL = 'https://example.com/.well-known/tdmrep.json';
const tdmFile = (rules: unknown) => textFile(TDMREP_URL, JSON.stringify(rules), 'application/json');

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
