import optoutRslLicense from '../../../../shared/rules/crawler-access/optout.rsl-license.js';
import { PAGE_URL, resource, site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';

const withHead = (head: string, over = {}) =>
  site({ html: `<!doctype html><html lang="en"><head><title>Post</title>${head}</head><body><p>Words.</p></body></html>`, ...over });

testRule(optoutRslLicense, {
  passes: [],
  fails: [
    {
      name: 'a License line in robots.txt: informational',
      snapshot: site({ robots: 'User-agent: *\nAllow: /\n\nLicense: https://example.com/license.xml\n' }),
      severity: 'notice',
      title: 'AI use is licensed through RSL',
      detail: [/robots.txt line 4 declares RSL licence terms at https:\/\/example.com\/license.xml/, /Nothing to fix if intended/],
    },
    {
      name: 'an rsl+xml rel=license element and a Link header naming another document',
      snapshot: withHead('<link rel="license" type="application/rsl+xml" href="/rsl.xml">', {
        page: resource(
          PAGE_URL,
          '<!doctype html><html><head><title>P</title><link rel="license" type="application/rsl+xml" href="/rsl.xml"></head><body><p>x</p></body></html>',
          {
            headers: { 'content-type': 'text/html', link: '<https://example.com/other.xml>; rel="license"; type="application/rsl+xml"' },
          },
        ),
      }),
      detail: /name 2 different documents/,
    },
    {
      name: 'a relative License value crawlers cannot follow',
      snapshot: site({ robots: 'License: /license.xml\nUser-agent: *\nDisallow:\n' }),
      title: 'The RSL licence cannot be found from its declaration',
      detail: /robots.txt line 1 gives "\/license.xml"/,
    },
  ],
  notApplicable: [
    { name: 'no licence declared', snapshot: site({ robots: 'User-agent: *\nDisallow:\n' }) },
    {
      name: 'a Creative Commons rel=license link is not RSL',
      snapshot: withHead('<link rel="license" href="https://creativecommons.org/licenses/by/4.0/">'),
    },
  ],
});
