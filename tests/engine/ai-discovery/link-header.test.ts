import { describe, expect, test } from 'vitest';
import { parseLinkHeader } from '../../../shared/facts/link-header.js';

describe('parseLinkHeader', () => {
  test('several links, quoted and bare parameters, multiple rels', () => {
    const links = parseLinkHeader(
      '<https://example.com/a>; rel="canonical", </a.md>; rel=alternate; type="text/markdown", <https://cdn.example.com/x.css>; rel="preload stylesheet"',
      'https://example.com/a',
    );
    expect(links.map((l) => [l.href, l.rels, l.params.type ?? null])).toEqual([
      ['https://example.com/a', ['canonical'], null],
      ['https://example.com/a.md', ['alternate'], 'text/markdown'],
      ['https://cdn.example.com/x.css', ['preload', 'stylesheet'], null],
    ]);
  });

  test('commas inside the URL or a quoted value do not split links', () => {
    const links = parseLinkHeader(
      '<https://example.com/a,b>; rel="canonical"; title="x, y", <https://example.com/c>; rel=next',
      'https://example.com/',
    );
    expect(links.map((l) => l.href)).toEqual(['https://example.com/a,b', 'https://example.com/c']);
    expect(links[0]!.params.title).toBe('x, y');
  });

  test('garbage and absent headers give no links and never throw', () => {
    expect(parseLinkHeader(undefined, 'https://example.com/')).toEqual([]);
    expect(parseLinkHeader('nonsense; rel=canonical', 'https://example.com/')).toEqual([]);
    expect(parseLinkHeader('<unterminated; rel=canonical', 'https://example.com/')).toEqual([]);
    expect(parseLinkHeader('<http://[bad>; rel=canonical', 'https://example.com/')[0]!.href).toBeNull();
  });
});
