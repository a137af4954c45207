import { describe, expect, it } from 'vitest';
import { collectPageDates, parseIsoDate } from '../../../shared/facts/dates.js';
import { readJsonLdValues } from '../../../shared/facts/jsonld-values.js';
import { extractPageFacts } from '../../../shared/facts/page-facts.js';

describe('parseIsoDate', () => {
  it('reads dates and date-times in UTC, honouring offsets', () => {
    expect(parseIsoDate('2026-03-01')).toBe(Date.UTC(2026, 2, 1));
    expect(parseIsoDate('2026-03-01T10:30:00Z')).toBe(Date.UTC(2026, 2, 1, 10, 30));
    expect(parseIsoDate('2026-03-01T10:30:00+02:00')).toBe(Date.UTC(2026, 2, 1, 8, 30));
    expect(parseIsoDate('2026-03-01T10:30:00.123-0500')).toBe(Date.UTC(2026, 2, 1, 15, 30));
    // No offset: read as UTC, never as the host's local time.
    expect(parseIsoDate('2026-03-01T10:30')).toBe(Date.UTC(2026, 2, 1, 10, 30));
    expect(parseIsoDate('2026-03')).toBe(Date.UTC(2026, 2, 1));
  });

  it('rejects what is not ISO 8601 or not a real date', () => {
    for (const bad of ['March 1, 2026', '01/03/2026', '2026-02-30', '2026-13-01', '2026-03-01T25:00', 'yesterday', '']) {
      expect(parseIsoDate(bad)).toBeNull();
    }
  });
});

describe('collectPageDates', () => {
  it('collects JSON-LD, meta, microdata and <time> dates with their kinds', () => {
    const html = `<html><head>
      <meta property="article:published_time" content="2026-01-01T00:00:00Z">
      <meta property="og:updated_time" content="2026-02-01">
      <meta name="dcterms.modified" content="2026-02-02">
      </head><body>
      <span itemprop="datePublished" content="2026-01-03"></span>
      <time datetime="2026-01-04">4 January</time><time>10:00</time>
      </body></html>`;
    const facts = extractPageFacts(html, 'https://example.com/');
    const jsonld = readJsonLdValues([JSON.stringify({ datePublished: '2026-01-05', dateModified: 'last week' })]);
    const dates = collectPageDates(facts, jsonld).map((d) => [d.kind, d.source, d.raw, d.time !== null]);
    expect(dates).toEqual([
      ['published', 'json-ld', '2026-01-05', true],
      ['modified', 'json-ld', 'last week', false],
      ['published', 'meta', '2026-01-01T00:00:00Z', true],
      ['modified', 'meta', '2026-02-01', true],
      ['modified', 'meta', '2026-02-02', true],
      ['published', 'microdata', '2026-01-03', true],
      ['unspecified', 'time', '2026-01-04', true],
    ]);
  });
});
