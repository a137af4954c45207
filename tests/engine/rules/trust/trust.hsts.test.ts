import trustHsts from '../../../../shared/rules/trust/trust.hsts.js';
import { testRule } from '../../rule-tester.js';
import { at } from './fixtures.js';

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
