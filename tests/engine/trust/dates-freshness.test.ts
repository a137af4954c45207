import { describe, expect, it } from 'vitest';
import datesRule from '../../../shared/rules/trust/trust.dates.js';
import freshnessRule from '../../../shared/rules/trust/trust.freshness.js';
import { snapshot, words } from '../../helpers/snapshot.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';

// The snapshot helper starts gathering at 2026-11-21T00:00:00Z; freshness is measured from there.
const doc = (head: string, body = '', over = {}) =>
  snapshot(
    `<!doctype html><html lang="en"><head><title>Dated page</title>${head}</head><body>${body}<p>${words(300)}</p></body></html>`,
    over,
  );
const article = (dates: Record<string, string>) =>
  doc(`<script type="application/ld+json">${JSON.stringify({ '@type': 'Article', ...dates })}</script>`);

describe('trust.dates', () => {
  it('passes an article with datePublished and dateModified in JSON-LD only', () => {
    expect(outcome(datesRule, article({ datePublished: '2026-01-01', dateModified: '2026-06-01' })).score).toBe(1);
  });

  it('passes article meta tags', () => {
    const head = '<meta property="article:published_time" content="2026-01-01T08:00:00Z"><meta property="article:modified_time" content="2026-02-01T08:00:00Z">';
    expect(outcome(datesRule, doc(head)).score).toBe(1);
  });

  it('notes an article with only a publish date (or only a <time>)', () => {
    const o = outcome(datesRule, article({ datePublished: '2026-01-01' }));
    expect(o.score).toBe(0.8);
    expect(o.severity).toBe('notice');
    expect(o.title).toBe('No modified date');
    expect(outcome(datesRule, doc('<meta property="og:type" content="article">', '<time datetime="2026-01-01">Jan 1</time>')).score).toBe(0.8);
  });

  it('gives little credit to dates machines cannot read', () => {
    const o = outcome(datesRule, article({ datePublished: 'March 3rd, 2026' }));
    expect(o.score).toBe(0.3);
    expect(o.detail).toContain('March 3rd, 2026');
  });

  it('fails an article without any date', () => {
    expect(outcome(datesRule, article({})).score).toBe(0);
  });

  it('is not applicable to an undated non-article, and credits a dated one', () => {
    expect(judge(datesRule, doc(''))).toBe(NOT_APPLICABLE);
    expect(outcome(datesRule, doc('<meta name="dcterms.modified" content="2026-01-01">')).score).toBe(1);
  });
});

describe('trust.freshness', () => {
  it('passes content modified within two years of the snapshot', () => {
    expect(outcome(freshnessRule, article({ datePublished: '2020-01-01', dateModified: '2025-01-01' })).score).toBe(1);
    expect(outcome(freshnessRule, article({ datePublished: '2024-11-22' })).score).toBe(1);
  });

  it('prefers the modified date over a newer-looking publish date', () => {
    const o = outcome(freshnessRule, article({ datePublished: '2026-01-01', dateModified: '2022-11-21' }));
    expect(o.score).toBeLessThan(1);
    expect(o.detail).toContain('2022-11-21 (modified date in JSON-LD)');
  });

  it('loses credit with age, from 2 years to nothing at 6', () => {
    const three = outcome(freshnessRule, article({ dateModified: '2023-11-21' }));
    const four = outcome(freshnessRule, article({ dateModified: '2022-11-21' }));
    const ten = outcome(freshnessRule, article({ dateModified: '2016-11-21' }));
    expect(three.score).toBeCloseTo(0.75, 1);
    expect(three.severity).toBe('notice');
    expect(four.score).toBeCloseTo(0.5, 1);
    expect(four.severity).toBeUndefined();
    expect(four.detail).toContain('4.0 years');
    expect(ten.score).toBe(0);
  });

  it('uses the snapshot time, not the wall clock', () => {
    const later = doc(
      `<script type="application/ld+json">${JSON.stringify({ '@type': 'Article', dateModified: '2026-01-01' })}</script>`,
      '',
      { startedAt: '2031-01-01T00:00:00.000Z' },
    );
    expect(outcome(freshnessRule, later).score).toBeLessThan(0.5);
  });

  it('notes dates that lie in the future', () => {
    const o = outcome(freshnessRule, article({ dateModified: '2027-06-01' }));
    expect(o.score).toBe(0.5);
    expect(o.title).toBe('Dates in the future');
  });

  it('ignores bare <time> elements on a non-article (they date listed items) and undated pages', () => {
    expect(judge(freshnessRule, doc('', '<time datetime="2010-01-01">old news item</time>'))).toBe(NOT_APPLICABLE);
    expect(judge(freshnessRule, article({}))).toBe(NOT_APPLICABLE);
  });

  it('judges a page-level date on a non-article', () => {
    expect(outcome(freshnessRule, doc('<meta name="dcterms.modified" content="2015-01-01">')).score).toBe(0);
  });
});
