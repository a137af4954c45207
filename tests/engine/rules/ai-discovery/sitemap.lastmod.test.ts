import { expect } from 'vitest';
import sitemapLastmod from '../../../../shared/rules/ai-discovery/sitemap.lastmod.js';
import { textFile } from '../../../helpers/snapshot.js';
import { testRule } from '../../rule-tester.js';
import { O, bare, sitemapXml, sitemapAt } from './fixtures.js';

const withLastmods = (locs: Array<[string, string | null]>) => sitemapAt(sitemapXml(locs));

testRule(sitemapLastmod, {
  passes: [
    {
      name: 'every entry has a valid past date',
      snapshot: withLastmods([
        [`${O}/`, '2026-01-01'],
        [`${O}/a`, '2026-02-01T10:00:00Z'],
      ]),
    },
  ],
  fails: [
    {
      name: 'no entry has a lastmod',
      snapshot: withLastmods([
        [`${O}/`, null],
        [`${O}/a`, null],
      ]),
      detail: /None of the 2 sitemap entries/,
    },
  ],
  partial: [
    {
      name: 'missing, invalid and future dates are counted',
      snapshot: withLastmods([
        [`${O}/`, '2026-01-01'],
        [`${O}/a`, '01/02/2026'],
        [`${O}/b`, '2099-01-01'],
        [`${O}/c`, null],
      ]),
      detail: /1 of 4 entries has no <lastmod>, 1 date is not in W3C format \(e.g. "01\/02\/2026"\) and 1 date lies in the future/,
      check: (o) => expect(o.score).toBeCloseTo(0.25),
    },
  ],
  notApplicable: [
    { name: 'no sitemap', snapshot: bare() },
    { name: 'a text sitemap (no dates to judge)', snapshot: bare({ sitemap: textFile(`${O}/sitemap.txt`, `${O}/\n`) }) },
  ],
});
