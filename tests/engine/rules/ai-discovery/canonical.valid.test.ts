import { expect } from 'vitest';
import canonicalValid from '../../../../shared/rules/ai-discovery/canonical.valid.js';
import { resource, snapshot } from '../../../helpers/snapshot.js';
import type { Snapshot } from '../../../../shared/types/index.js';
import { testRule } from '../../rule-tester.js';
import { O, rulesOwnSeverity } from './fixtures.js';

const at = (url: string, head: string, over: Partial<Snapshot> = {}) =>
  snapshot(`<html><head>${head}</head><body></body></html>`, { requestedUrl: url, ...over });
const withLinkHeader = (body: string, link: string) => resource(`${O}/a`, body, { headers: { 'content-type': 'text/html', link } });

testRule(canonicalValid, {
  passes: [
    { name: 'one absolute canonical to the page itself', snapshot: at(`${O}/a`, `<link rel="canonical" href="${O}/a">`) },
    {
      name: 'a Link header canonical agreeing with the HTML one',
      snapshot: at(`${O}/a`, '', { page: withLinkHeader(`<link rel="canonical" href="${O}/a">`, `<${O}/a>; rel="canonical"`) }),
    },
    {
      name: 'a canonical in the Link header alone',
      snapshot: at(`${O}/a`, '', { page: withLinkHeader('<p>x</p>', `<${O}/a>; rel="canonical"`) }),
    },
    {
      name: 'duplicate tags with the same URL',
      snapshot: at(`${O}/a`, `<link rel="canonical" href="${O}/a"><link rel="canonical" href="${O}/a#x">`),
    },
    {
      name: 'another subdomain of the same site',
      snapshot: at('https://blog.example.com/a', `<link rel="canonical" href="https://www.example.com/a">`),
    },
  ],
  partial: [
    { name: 'no canonical: half credit, a notice', snapshot: at(`${O}/a`, ''), score: 0.5, severity: 'notice', title: 'No canonical URL' },
    {
      name: 'another site',
      snapshot: at(`${O}/a`, '<link rel="canonical" href="https://other.org/a">'),
      title: 'Canonical points to another site',
    },
    {
      name: 'a URL that redirected here',
      snapshot: at(`${O}/old`, '', {
        page: resource(`${O}/new`, `<link rel="canonical" href="${O}/old">`, { redirects: [{ url: `${O}/old`, status: 301 }] }),
      }),
      title: 'Canonical points to a redirecting URL',
    },
    {
      // A browser's fetch (the extension) hides the hops, but the URL it asked for surely redirected.
      name: 'a URL that redirected here, as a browser sees it (no hops listed)',
      snapshot: at(`${O}/old`, '', { page: resource(`${O}/old`, `<link rel="canonical" href="${O}/old">`, { finalUrl: `${O}/new` }) }),
      title: 'Canonical points to a redirecting URL',
    },
    {
      name: 'the http:// version of an https page',
      snapshot: at(`${O}/a`, '<link rel="canonical" href="http://example.com/a">'),
      title: 'Canonical points to the http:// version',
    },
    {
      name: 'a deep page canonicalised to the home page',
      snapshot: at(`${O}/blog/a`, `<link rel="canonical" href="${O}/">`),
      title: 'Canonical points to the home page',
    },
    { name: 'a relative canonical: a notice', snapshot: at(`${O}/a`, '<link rel="canonical" href="/a">'), score: 0.8, severity: 'notice' },
  ],
  fails: [
    {
      name: 'conflicting canonicals: a warning',
      snapshot: at(`${O}/a`, `<link rel="canonical" href="${O}/a"><link rel="canonical" href="${O}/b">`),
      title: 'Conflicting canonical URLs',
      check: (o) => {
        rulesOwnSeverity(o);
        expect(canonicalValid.severity).toBe('warning');
      },
    },
    {
      name: 'an HTML canonical conflicting with the Link header',
      snapshot: at(`${O}/a`, '', { page: withLinkHeader(`<link rel="canonical" href="${O}/a">`, `<${O}/c>; rel="canonical"`) }),
      detail: /\/c \(Link header\)/,
    },
    {
      name: 'a mailto: canonical',
      snapshot: at(`${O}/a`, '<link rel="canonical" href="mailto:x@example.com">'),
      title: 'Invalid canonical URL',
    },
    { name: 'an empty canonical', snapshot: at(`${O}/a`, '<link rel="canonical" href="">'), title: 'Invalid canonical URL' },
  ],
  notApplicable: [{ name: 'the page failed', snapshot: at(`${O}/a`, '', { page: resource(`${O}/a`, 'gone', { status: 404 }) }) }],
});
