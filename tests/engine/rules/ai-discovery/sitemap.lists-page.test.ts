import sitemapListsPage from '../../../../shared/rules/ai-discovery/sitemap.lists-page.js';
import { snapshot, textFile } from '../../../helpers/snapshot.js';
import { testRule } from '../../rule-tester.js';
import { O, bare, sitemapXml, sitemapAt } from './fixtures.js';

const listing = (locs: string[], page = `${O}/`) =>
  snapshot('<p>x</p>', {
    requestedUrl: page,
    sitemap: textFile(`${O}/sitemap.xml`, sitemapXml(locs.map((l) => [l, null])), 'application/xml'),
  });

testRule(sitemapListsPage, {
  passes: [
    { name: 'the page is listed (trailing slash and fragment ignored)', snapshot: listing([`${O}/blog/post/`], `${O}/blog/post`) },
    {
      name: 'the canonical URL is listed',
      snapshot: snapshot(`<link rel="canonical" href="${O}/blog/post">`, {
        requestedUrl: `${O}/blog/post?utm=1`,
        sitemap: textFile(`${O}/sitemap.xml`, sitemapXml([[`${O}/blog/post`, null]]), 'application/xml'),
      }),
    },
  ],
  fails: [
    {
      name: 'the page is absent from a urlset',
      snapshot: listing([`${O}/other`]),
      detail: /lists 1 URL but not this page \(https:\/\/example.com\/\)/,
    },
  ],
  notApplicable: [
    {
      name: 'a sitemap index',
      snapshot: sitemapAt(
        `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${O}/s1.xml</loc></sitemap></sitemapindex>`,
      ),
    },
    {
      name: 'a cut file',
      snapshot: bare({
        sitemap: { ...textFile(`${O}/sitemap.xml`, sitemapXml([[`${O}/other`, null]]), 'application/xml'), truncated: true },
      }),
    },
  ],
});
