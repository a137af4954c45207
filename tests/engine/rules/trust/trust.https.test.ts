import trustHttps from '../../../../shared/rules/trust/trust.https.js';
import { testRule } from '../../rule-tester.js';
import { at, redirected, redirectedInBrowser } from './fixtures.js';

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
    {
      name: 'a downgrade from HTTPS as a browser sees it (no hops listed), named alike',
      snapshot: redirectedInBrowser('https://example.com/', 'http://example.com/'),
      detail: 'redirects from HTTPS to plain HTTP',
    },
  ],
  notApplicable: [
    { name: 'nothing answered', snapshot: at('https://example.com/', { status: 0, error: { code: 'refused', message: 'refused' } }) },
  ],
});
