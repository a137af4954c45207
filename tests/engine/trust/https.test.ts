import trustHttps from '../../../shared/rules/trust/trust.https.js';
import trustHsts from '../../../shared/rules/trust/trust.hsts.js';
import { resource, snapshot } from '../../helpers/snapshot.js';
import type { FetchedResource } from '../../../shared/types/index.js';
import { testRule } from '../rule-tester.js';

const html = '<!doctype html><html><body><p>x</p></body></html>';
const at = (url: string, over: Partial<FetchedResource> = {}) => snapshot(html, { requestedUrl: url, page: resource(url, html, over) });
const redirected = (from: string, to: string) =>
  snapshot(html, { requestedUrl: from, page: resource(from, html, { finalUrl: to, redirects: [{ url: from, status: 301 }] }) });

testRule(trustHttps, {
  passes: [
    { name: 'an HTTPS page', snapshot: at('https://example.com/') },
    { name: 'an HTTPS page reached by a redirect from HTTP', snapshot: redirected('http://example.com/', 'https://example.com/') },
  ],
  fails: [
    { name: 'plain HTTP', snapshot: at('http://example.com/'), detail: 'plain HTTP' },
    {
      name: 'a downgrade from HTTPS, named',
      snapshot: redirected('https://example.com/', 'http://example.com/'),
      detail: 'redirects from HTTPS to plain HTTP',
    },
  ],
  notApplicable: [
    { name: 'nothing answered', snapshot: at('https://example.com/', { status: 0, error: { code: 'refused', message: 'refused' } }) },
  ],
});

const hsts = (value?: string) =>
  at('https://example.com/', {
    headers: { 'content-type': 'text/html', ...(value === undefined ? {} : { 'strict-transport-security': value }) },
  });

testRule(trustHsts, {
  passes: [{ name: 'a max-age of at least 180 days', snapshot: hsts('max-age=31536000; includeSubDomains') }],
  partial: [
    { name: 'no header: a notice', snapshot: hsts(), score: 0.5, severity: 'notice' },
    { name: 'max-age=0 does not enable HSTS: a notice', snapshot: hsts('max-age=0'), score: 0.3, severity: 'notice' },
    { name: 'a short max-age: a notice', snapshot: hsts('max-age=86400'), score: 0.8, severity: 'notice', detail: '(1 day)' },
  ],
  notApplicable: [{ name: 'plain HTTP (trust.https carries that)', snapshot: at('http://example.com/') }],
});
