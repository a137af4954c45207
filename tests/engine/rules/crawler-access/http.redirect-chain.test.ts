import { expect } from 'vitest';
import httpRedirectChain from '../../../../shared/rules/crawler-access/http.redirect-chain.js';
import { ARTICLE, PAGE_URL, resource, site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';

/** As a browser's fetch (the extension) reports a redirect: where it ended, no hops. */
const redirectedInBrowser = (from: string) => site({ page: resource(from, ARTICLE, { finalUrl: PAGE_URL, redirects: [] }) });

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
    // The browser cannot count the hops: a same-host redirect is judged as the one hop it surely was.
    { name: 'a same-host redirect as a browser sees it', snapshot: redirectedInBrowser('http://www.example.com/blog/post') },
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
    {
      name: 'a cross-host redirect as a browser sees it: judged as the server judges it',
      snapshot: redirectedInBrowser('https://old-brand.net/post'),
      score: 0.5,
      detail: /from old-brand\.net to example\.com/,
    },
  ],
});
