import { expect } from 'vitest';
import trustFreshness from '../../../../shared/rules/trust/trust.freshness.js';
import { testRule } from '../../rule-tester.js';
import { article, doc } from './fixtures.js';

testRule(trustFreshness, {
  passes: [
    { name: 'modified within two years of the snapshot', snapshot: article({ datePublished: '2020-01-01', dateModified: '2025-01-01' }) },
    { name: 'published within two years of the snapshot', snapshot: article({ datePublished: '2024-11-22' }) },
  ],
  partial: [
    {
      name: 'the modified date wins over a newer-looking publish date',
      snapshot: article({ datePublished: '2026-01-01', dateModified: '2022-11-21' }),
      detail: '2022-11-21 (modified date in JSON-LD)',
    },
    {
      name: 'three years old: a notice with most credit',
      snapshot: article({ dateModified: '2023-11-21' }),
      severity: 'notice',
      check: (o) => expect(o.score).toBeCloseTo(0.75, 1),
    },
    {
      name: 'four years old: half the credit, a warning',
      snapshot: article({ dateModified: '2022-11-21' }),
      detail: '4.0 years',
      check: (o) => {
        expect(o.score).toBeCloseTo(0.5, 1);
        expect(o.severity).toBeUndefined();
      },
    },
    {
      name: 'age is measured from the snapshot, not the wall clock',
      snapshot: doc(
        `<script type="application/ld+json">${JSON.stringify({ '@type': 'Article', dateModified: '2026-01-01' })}</script>`,
        '',
        {
          startedAt: '2031-01-01T00:00:00.000Z',
        },
      ),
      check: (o) => expect(o.score).toBeLessThan(0.5),
    },
    { name: 'dates in the future', snapshot: article({ dateModified: '2027-06-01' }), score: 0.5, title: 'Dates in the future' },
  ],
  fails: [
    { name: 'ten years old: no credit', snapshot: article({ dateModified: '2016-11-21' }) },
    { name: 'a page-level date on a non-article is judged', snapshot: doc('<meta name="dcterms.modified" content="2015-01-01">') },
  ],
  notApplicable: [
    {
      name: 'bare <time> elements on a non-article (they date listed items)',
      snapshot: doc('', '<time datetime="2010-01-01">old news item</time>'),
    },
    { name: 'an undated article (trust.dates reports it)', snapshot: article({}) },
  ],
});

// A music track's release date is not the page's publication date.
testRule(trustFreshness, {
  passes: [
    {
      name: "a track's 2009 release date beside the page's own recent date",
      snapshot: doc(
        `<script type="application/ld+json">${JSON.stringify({
          '@context': 'https://schema.org',
          '@graph': [
            { '@type': 'WebPage', datePublished: '2026-06-01' },
            { '@type': 'MusicRecording', name: 'A song', datePublished: '2009-05-01' },
          ],
        })}</script>`,
      ),
    },
  ],
  notApplicable: [
    {
      name: 'a MusicRecording page states no date of its own',
      snapshot: doc(
        `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'MusicRecording', name: 'A song', datePublished: '2009-05-01', byArtist: { '@type': 'MusicGroup', name: 'A band' } })}</script>`,
      ),
    },
    {
      name: "an article's citation carries its own date, not the article's",
      snapshot: doc(
        `<script type="application/ld+json">${JSON.stringify({ '@type': 'WebPage', citation: { '@type': 'ScholarlyArticle', datePublished: '2001-01-01' } })}</script>`,
      ),
    },
  ],
});

// A news story keeps its date: its age is worth knowing, not a fault to fix.
testRule(trustFreshness, {
  partial: [
    {
      name: 'a four-year-old NewsArticle: a notice, not a warning',
      snapshot: article({ '@type': 'NewsArticle', datePublished: '2022-11-21' }),
      severity: 'notice',
      title: 'An older news story',
    },
    {
      name: 'a story marked by news_keywords, four years old: a notice',
      snapshot: doc(
        '<meta property="og:type" content="article"><meta name="news_keywords" content="trade, tariffs"><meta property="article:published_time" content="2022-11-21">',
      ),
      severity: 'notice',
    },
    {
      name: 'a four-year-old blog post is still told to review its content (a warning)',
      snapshot: article({ '@type': 'BlogPosting', datePublished: '2022-11-21' }),
      severity: 'warning',
    },
  ],
});

// Microdata: a review's or a comment's date belongs to that item, not to the page.
testRule(trustFreshness, {
  notApplicable: [
    {
      name: "a shop's product page whose only date is a 2014 customer review",
      snapshot: doc(
        '',
        '<div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Zinfandel Rosé</h1><div itemprop="review" itemscope itemtype="http://schema.org/Review"><meta itemprop="datePublished" content="2014-12-29"><p itemprop="reviewBody">Lovely.</p></div></div>',
      ),
    },
  ],
  partial: [
    {
      name: "an article's own microdata date still counts, its comments' dates do not",
      snapshot: doc(
        '',
        '<article itemscope itemtype="https://schema.org/Article"><meta itemprop="dateModified" content="2022-11-21"><div itemprop="comment" itemscope itemtype="https://schema.org/Comment"><meta itemprop="datePublished" content="2026-11-01"></div></article>',
      ),
      detail: '2022-11-21 (modified date in microdata)',
    },
  ],
});

testRule(trustFreshness, {
  partial: [
    {
      name: 'a fact check (ClaimReview) is a dated report too: a notice',
      snapshot: article({ '@type': 'ClaimReview', datePublished: '2022-11-18' }),
      severity: 'notice',
    },
  ],
});
