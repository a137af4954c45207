import sitemapInRobots from '../../../../shared/rules/ai-discovery/sitemap.in-robots.js';
import { textFile } from '../../../helpers/snapshot.js';
import { testRule } from '../../rule-tester.js';
import { O, net, bare, sitemapXml } from './fixtures.js';

const A_SITEMAP = textFile(`${O}/sitemap.xml`, sitemapXml([[`${O}/`, null]]), 'application/xml');

testRule(sitemapInRobots, {
  passes: [
    {
      name: 'a Sitemap: line',
      snapshot: bare({ sitemap: A_SITEMAP, robotsTxt: textFile(`${O}/robots.txt`, `User-agent: *\nSitemap: ${O}/sitemap.xml`) }),
    },
  ],
  fails: [
    {
      name: 'robots.txt without a Sitemap: line',
      snapshot: bare({ sitemap: A_SITEMAP, robotsTxt: textFile(`${O}/robots.txt`, 'User-agent: *\nDisallow:') }),
      detail: /Add "Sitemap: https:\/\/example.com\/sitemap.xml"/,
    },
    { name: 'no robots.txt', snapshot: bare({ sitemap: A_SITEMAP }), detail: /no readable robots.txt/ },
  ],
  notApplicable: [
    { name: 'no sitemap at all', snapshot: bare({ robotsTxt: textFile(`${O}/robots.txt`, 'User-agent: *') }) },
    { name: 'robots.txt unreachable', snapshot: bare({ sitemap: A_SITEMAP, robotsTxt: net(`${O}/robots.txt`) }) },
  ],
});
