import { describe, expect, it } from 'vitest';
import optoutContentSignalSearch from '../../../../shared/rules/crawler-access/optout.content-signal-search.js';
import { audit, crawlerAccessScore, issue, site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';
import { SEARCH_NO, SEARCH_YES_TRAIN_NO, at } from './fixtures.js';

const SHOP_ONLY = 'User-agent: *\nContent-Signal: /shop/ ai-input=no\nAllow: /\n';

testRule(optoutContentSignalSearch, {
  passes: [
    { name: 'search=yes', snapshot: site({ robots: SEARCH_YES_TRAIN_NO }) },
    // Cloudflare's managed robots.txt adds use=immediate|reference|full (how far content may be used): no access rule.
    {
      name: "Cloudflare's use= key beside search=yes",
      snapshot: site({ robots: 'User-agent: *\nContent-Signal: search=yes,ai-train=no,use=reference\nAllow: /\n' }),
    },
  ],
  partial: [
    { name: 'search=no and ai-input=no: a warning', snapshot: site({ robots: SEARCH_NO }), detail: 'search=no and ai-input=no' },
    { name: 'a path-scoped signal on its path', snapshot: site({ robots: SHOP_ONLY, requestedUrl: at('/shop/item') }) },
  ],
  notApplicable: [
    { name: 'a path-scoped signal elsewhere', snapshot: site({ robots: SHOP_ONLY }) },
    { name: 'no Content-Signal line', snapshot: site({ robots: 'User-agent: *\nAllow: /\n' }) },
  ],
});

describe('Content-Signal in an audit', () => {
  it('search=no or ai-input=no is a warning that costs score', () => {
    const a = audit(site({ robots: SEARCH_NO }));
    expect(issue(a, 'optout.content-signal-search')?.severity).toBe('warning');
    expect(crawlerAccessScore(a)).toBeLessThan(100);
  });
});
