import trustDates from '../../../../shared/rules/trust/trust.dates.js';
import { testRule } from '../../rule-tester.js';
import { article, doc } from './fixtures.js';

testRule(trustDates, {
  passes: [
    {
      name: 'an article with datePublished and dateModified in JSON-LD only',
      snapshot: article({ datePublished: '2026-01-01', dateModified: '2026-06-01' }),
    },
    {
      name: 'article meta tags',
      snapshot: doc(
        '<meta property="article:published_time" content="2026-01-01T08:00:00Z"><meta property="article:modified_time" content="2026-02-01T08:00:00Z">',
      ),
    },
    { name: 'a dated non-article earns credit', snapshot: doc('<meta name="dcterms.modified" content="2026-01-01">') },
  ],
  partial: [
    {
      name: 'an article with only a publish date: a notice',
      snapshot: article({ datePublished: '2026-01-01' }),
      score: 0.8,
      severity: 'notice',
      title: 'No modified date',
    },
    {
      name: 'an article dated only by a <time>',
      snapshot: doc('<meta property="og:type" content="article">', '<time datetime="2026-01-01">Jan 1</time>'),
      score: 0.8,
    },
    {
      name: 'dates machines cannot read earn little',
      snapshot: article({ datePublished: 'March 3rd, 2026' }),
      score: 0.3,
      detail: 'March 3rd, 2026',
    },
  ],
  fails: [{ name: 'an article without any date', snapshot: article({}) }],
  notApplicable: [{ name: 'an undated non-article', snapshot: doc('') }],
});

// Dates of what the page publishes (a fact check, a podcast episode) are the page's; og:article:* is read too.
testRule(trustDates, {
  passes: [
    {
      name: 'a ClaimReview and the article tags of Open Graph',
      snapshot: doc(
        `<meta property="og:type" content="article"><meta property="og:article:modified_time" content="2026-01-02T10:00:00+0000"><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'ClaimReview', datePublished: '2026-01-01' })}</script>`,
      ),
    },
    {
      name: 'a radio episode page with its own datePublished and dateModified',
      snapshot: doc(
        `<meta property="og:type" content="article"><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'RadioEpisode', datePublished: '2026-01-14', dateModified: '2026-01-14' })}</script>`,
      ),
    },
  ],
});
