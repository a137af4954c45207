import sitemapPresent from '../../../../shared/rules/ai-discovery/sitemap.present.js';
import { missing, resource, textFile } from '../../../helpers/snapshot.js';
import { testRule } from '../../rule-tester.js';
import { O, net, bare, sitemapXml, sitemapAt } from './fixtures.js';

testRule(sitemapPresent, {
  passes: [
    { name: 'a valid urlset', snapshot: sitemapAt(sitemapXml([[`${O}/`, '2026-01-01']])) },
    {
      name: 'a gzip sitemap (allowed by the protocol)',
      snapshot: bare({ sitemap: resource(`${O}/sitemap.xml.gz`, '', { binary: true, headers: { 'content-type': 'application/gzip' } }) }),
    },
  ],
  fails: [
    { name: 'a 404, saying where it looked', snapshot: bare(), detail: /https:\/\/example.com\/sitemap.xml answered HTTP 404/ },
    {
      name: 'a sitemap named in robots.txt that 404s, saying so',
      snapshot: bare({ robotsTxt: textFile(`${O}/robots.txt`, `Sitemap: ${O}/sm.xml\n`), sitemap: missing(`${O}/sm.xml`) }),
      detail: /sm.xml \(named in robots.txt\) answered HTTP 404/,
    },
    {
      name: 'HTML at 200',
      snapshot: bare({ sitemap: resource(`${O}/sitemap.xml`, '<!doctype html><p>home</p>') }),
      title: 'Sitemap URL serves an HTML page',
    },
    {
      name: 'another binary',
      snapshot: bare({ sitemap: resource(`${O}/sitemap.xml`, '', { binary: true, headers: { 'content-type': 'image/png' } }) }),
    },
    {
      name: 'not a sitemap',
      snapshot: sitemapAt('<?xml version="1.0"?><catalog><book/></catalog>'),
      title: 'Sitemap is not valid',
      detail: /root element is <catalog>/,
    },
    { name: 'a 5xx', snapshot: bare({ sitemap: resource(`${O}/sitemap.xml`, 'x', { status: 500 }) }), title: 'Sitemap cannot be fetched' },
  ],
  partial: [
    {
      name: 'malformed',
      snapshot: sitemapAt(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${O}/</loc></urlx></urlset>`),
      score: 0.3,
    },
    {
      name: 'with warnings: a notice',
      snapshot: sitemapAt(`<urlset><url><loc>${O}/</loc></url></urlset>`),
      score: 0.8,
      severity: 'notice',
    },
  ],
  notApplicable: [{ name: 'a network error', snapshot: bare({ sitemap: net(`${O}/sitemap.xml`) }) }],
});
