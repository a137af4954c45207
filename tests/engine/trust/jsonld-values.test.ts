import { describe, expect, it } from 'vitest';
import { readJsonLdValues } from '../../../shared/facts/jsonld-values.js';

describe('readJsonLdValues', () => {
  it('reads author, dates and publisher from a plain Article', () => {
    const v = readJsonLdValues([
      JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'Article',
        author: { '@type': 'Person', name: 'Ada Brewer' },
        publisher: { '@type': 'Organization', name: 'Example Coffee' },
        datePublished: '2026-01-02',
        dateModified: '2026-03-04',
      }),
    ]);
    expect(v.types).toEqual(['Article', 'Person', 'Organization']);
    expect(v.authors).toEqual([{ name: 'Ada Brewer', type: 'Person' }]);
    expect(v.publishers).toEqual(['Example Coffee']);
    expect(v.datePublished).toEqual(['2026-01-02']);
    expect(v.dateModified).toEqual(['2026-03-04']);
  });

  it('resolves @id references across an @graph, and author arrays of strings and objects', () => {
    const v = readJsonLdValues([
      JSON.stringify({
        '@graph': [
          { '@type': 'BlogPosting', author: [{ '@id': '#ada' }, 'Bob Beans'] },
          { '@type': 'Person', '@id': '#ada', name: 'Ada Brewer' },
        ],
      }),
    ]);
    expect(v.authors).toEqual([
      { name: 'Ada Brewer', type: 'Person' },
      { name: 'Bob Beans', type: null },
    ]);
  });

  it('finds values on nested nodes, prefixed types and @value objects', () => {
    const v = readJsonLdValues([
      JSON.stringify({
        '@type': 'https://schema.org/WebPage',
        mainEntity: { '@type': 'schema:NewsArticle', datePublished: { '@value': '2025-12-01' } },
      }),
    ]);
    expect(v.types).toEqual(['WebPage', 'NewsArticle']);
    expect(v.datePublished).toEqual(['2025-12-01']);
  });

  it('keeps an unresolved reference as the author (the page still declares one)', () => {
    const v = readJsonLdValues([JSON.stringify({ '@type': 'Article', author: { '@id': 'https://example.com/#ada' } })]);
    expect(v.authors).toEqual([{ name: 'https://example.com/#ada', type: null }]);
  });

  it('forgives raw newlines, trailing commas and comment wrappers; counts blocks that still fail', () => {
    const v = readJsonLdValues(['<!-- {"@type": "Article", "headline": "Line\none", "author": "Ada",} -->', '{not json', '']);
    expect(v.blocks).toBe(1);
    expect(v.invalidBlocks).toBe(2);
    expect(v.authors).toEqual([{ name: 'Ada', type: null }]);
  });

  it('survives deep nesting without recursion', () => {
    let deep = '{"@type":"Article","author":"Ada"}';
    for (let i = 0; i < 5000; i++) deep = `{"a":${deep}}`;
    expect(() => readJsonLdValues([deep])).not.toThrow();
  });
});
