import jsonLdPresent from '../../../../shared/rules/structured-data/json-ld.present.js';
import { testRule } from '../../rule-tester.js';
import { ld, page, ORG } from './fixtures.js';

testRule(jsonLdPresent, {
  passes: [{ name: 'a JSON-LD block', snapshot: page(ld(ORG)) }],
  fails: [
    { name: 'a page without structured data', snapshot: page('<title>x</title>'), detail: /no JSON-LD/ },
    {
      name: 'JSON-LD that only the rendered DOM has (added by JavaScript), with its own headline',
      snapshot: {
        ...page(''),
        rendered: { html: `<html><head>${ld(ORG)}</head></html>`, url: 'https://example.com/', capturedAt: '2026-11-21T00:00:00Z' },
      },
      title: 'JSON-LD only added by JavaScript',
    },
    {
      name: 'words in scripts are not mistaken for microdata',
      snapshot: page('<script>var s = "itemtype=\\"https://schema.org/Product\\"";</script>'),
    },
    {
      name: 'words in text and comments are not mistaken for microdata either',
      snapshot: page(
        '<!-- itemtype="https://schema.org/Product" -->',
        '<p>Write itemtype="https://schema.org/Product" on the element.</p>',
      ),
    },
  ],
  partial: [
    {
      name: 'microdata without JSON-LD earns half',
      snapshot: page('', '<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Kettle</span></div>'),
      score: 0.5,
      detail: /microdata \(Product\)/,
    },
    {
      name: 'RDFa without JSON-LD earns half too',
      snapshot: page('', '<div vocab="https://schema.org/" typeof="Article"><span property="headline">x</span></div>'),
      score: 0.5,
      detail: /RDFa \(Article\)/,
    },
  ],
});

// Inline markup of the page's subject is structured data already: JSON-LD would be better, nothing is missing.
testRule(jsonLdPresent, {
  partial: [
    {
      name: 'microdata for an Article: a notice',
      snapshot: page('', '<article itemscope itemtype="https://schema.org/NewsArticle"><h1 itemprop="headline">x</h1></article>'),
      severity: 'notice',
    },
    {
      name: 'microdata only for the header, menu and breadcrumbs: still a warning',
      snapshot: page(
        '',
        '<header itemscope itemtype="https://schema.org/WPHeader"></header><nav itemscope itemtype="https://schema.org/SiteNavigationElement"></nav>',
      ),
      severity: 'warning',
    },
  ],
});
