import { describe, expect, test } from 'vitest';
import { jsonLdEntities, readJsonLd, readJsonLdSources } from '../../../shared/structured-data/json-ld.js';
import { propText, propValues, resolveNode, textOf, hasProp } from '../../../shared/structured-data/json-ld-values.js';
import { hasFamily } from '../../../shared/structured-data/schema-families.js';
import { JudgeContext } from '../../../shared/judge/context.js';
import { snapshot } from '../../helpers/snapshot.js';

const read = (...texts: string[]) =>
  readJsonLdSources(
    texts.map((text) => ({ text })),
    'https://example.com/post',
  );
const ld = (value: unknown) => `<script type="application/ld+json">${typeof value === 'string' ? value : JSON.stringify(value)}</script>`;

describe('readJsonLdSources: flattening', () => {
  test('@graph members are top-level entities, nested values are entities with depth and path', () => {
    const doc = read(
      JSON.stringify({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'WebSite', '@id': '#site', name: 'Ex' },
          { '@type': 'Article', headline: 'H', author: { '@type': 'Person', name: 'Jane' }, publisher: { '@id': '#org' } },
          { '@type': 'Organization', '@id': 'https://example.com/post#org', name: 'Ex Co' },
        ],
      }),
    );
    expect(doc.blocks).toEqual([{ index: 0, offset: null, ok: true, error: null, schemaOrg: true, untypedNodes: 0 }]);
    expect(doc.entities.map((e) => [e.types[0], e.depth, e.path])).toEqual([
      ['WebSite', 0, '@graph[0]'],
      ['Article', 0, '@graph[1]'],
      ['Person', 1, '@graph[1].author'],
      ['Organization', 0, '@graph[2]'],
    ]);
    expect(doc.entities.every((e) => e.schemaOrg)).toBe(true);
  });

  test('a top-level array holds several entities, each with its own context', () => {
    const doc = read(JSON.stringify([{ '@context': 'https://schema.org', '@type': 'Organization', name: 'A' }, { '@type': 'Thing' }]));
    expect(doc.entities.map((e) => [e.types[0], e.path, e.schemaOrg])).toEqual([
      ['Organization', '[0]', true],
      ['Thing', '[1]', false],
    ]);
  });

  test('type IRIs and prefixes are reduced to local names; multiple types are kept', () => {
    const doc = read(JSON.stringify({ '@type': ['https://schema.org/NewsArticle', 'schema:Article'], headline: 'x' }));
    expect(doc.entities[0]!.types).toEqual(['NewsArticle', 'Article']);
    expect(doc.entities[0]!.rawTypes).toEqual(['https://schema.org/NewsArticle', 'schema:Article']);
    expect(doc.entities[0]!.schemaOrg).toBe(true);
    expect(hasFamily(doc.entities[0]!.types, 'Article')).toBe(true);
  });

  test('context forms: string with or without slash, http, array, @vocab object', () => {
    for (const context of [
      'https://schema.org/',
      'http://schema.org',
      ['https://schema.org', { ex: 'https://ex.org/' }],
      { '@vocab': 'https://schema.org/' },
    ]) {
      expect(read(JSON.stringify({ '@context': context, '@type': 'Thing' })).blocks[0]!.schemaOrg, JSON.stringify(context)).toBe(true);
    }
    expect(read(JSON.stringify({ '@context': 'https://example.org/vocab', '@type': 'Thing' })).blocks[0]!.schemaOrg).toBe(false);
  });

  test('entities in several blocks keep their block index; untyped top-level nodes are counted', () => {
    const doc = read(JSON.stringify({ '@type': 'Thing' }), JSON.stringify({ '@context': 'https://schema.org', name: 'no type' }));
    expect(doc.entities.map((e) => e.block)).toEqual([0]);
    expect(doc.blocks[1]!.untypedNodes).toBe(1);
  });

  test('@list values and value objects are read through', () => {
    const doc = read(
      JSON.stringify({ '@type': 'HowTo', step: { '@list': [{ '@type': 'HowToStep', text: 'a' }] }, name: { '@value': 'Make tea' } }),
    );
    expect(doc.entities.map((e) => e.types[0])).toEqual(['HowTo', 'HowToStep']);
    expect(propText(doc.entities[0]!.node, 'name')).toBe('Make tea');
    expect(propValues(doc.entities[0]!.node, 'step')).toHaveLength(1);
  });

  test('nesting deeper than the cap is cut without overflowing', () => {
    const deep = '{"@type":"Thing","a":'.repeat(3000) + '1' + '}'.repeat(3000);
    const doc = read(deep);
    expect(doc.blocks[0]!.ok).toBe(true);
    expect(doc.entities.length).toBeGreaterThan(10);
    expect(doc.entities.length).toBeLessThan(100);
  });
});

describe('readJsonLdSources: broken blocks', () => {
  test('a syntax error is recorded with line and column; other blocks still parse', () => {
    const doc = read('{\n  "@type": "Article",\n  "headline": "x",\n}', JSON.stringify({ '@type': 'Thing' }));
    expect(doc.blocks[0]!.ok).toBe(false);
    expect(doc.blocks[0]!.error).toMatch(/at line 4, column 1$/);
    expect(doc.blocks[1]!.ok).toBe(true);
    expect(doc.entities.map((e) => e.types[0])).toEqual(['Thing']);
  });

  test('empty blocks and bare JSON values are errors', () => {
    expect(read('   ').blocks[0]!.error).toBe('the block is empty');
    expect(read('"just a string"').blocks[0]!.error).toMatch(/bare JSON value/);
    expect(read('42').blocks[0]!.ok).toBe(false);
  });

  test('HTML comment and CDATA wrappers are ignored, as browsers and Google do', () => {
    expect(read('<!-- {"@type": "Thing"} -->').entities).toHaveLength(1);
    expect(read('//<![CDATA[\n{"@type": "Thing"}\n//]]>').entities).toHaveLength(1);
  });
});

describe('values and references', () => {
  const doc = read(
    JSON.stringify({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Article', author: [{ '@id': '#jane' }, 'Bob'], 'schema:datePublished': '2026-01-02' },
        { '@type': 'Person', '@id': 'https://example.com/post#jane', name: 'Jane Doe' },
      ],
    }),
  );
  const article = doc.entities[0]!;

  test('references by relative @id resolve against the page URL', () => {
    const authors = propValues(article.node, 'author').map((a) => textOf(resolveNode(doc, a) ?? a));
    expect(authors).toEqual(['Jane Doe', 'Bob']);
  });

  test('prefixed keys are found under their plain name', () => {
    expect(propText(article.node, 'datePublished')).toBe('2026-01-02');
    expect(hasProp(article.node, 'datePublished')).toBe(true);
    expect(hasProp(article.node, 'dateModified')).toBe(false);
  });

  test('empty values do not count as present', () => {
    const node = { a: '  ', b: [], c: {}, d: { '@value': '' }, e: 0, f: [{ name: 'x' }] };
    expect(['a', 'b', 'c', 'd', 'e', 'f'].map((k) => hasProp(node, k))).toEqual([false, false, false, false, true, true]);
  });
});

describe('readJsonLd(ctx)', () => {
  test('reads only ld+json scripts of the page, memoised per context', () => {
    const html = `<head>${ld({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Ex' })}
      <script type="application/ld+json; charset=utf-8">{"@type": "WebSite"}</script>
      <script type="application/json">{"@type": "Ignored"}</script>
      <script src="/data.jsonld" type="application/ld+json"></script></head>`;
    const ctx = new JudgeContext(snapshot(html));
    expect(jsonLdEntities(ctx).map((e) => e.types[0])).toEqual(['Organization', 'WebSite']);
    expect(readJsonLd(ctx)).toBe(readJsonLd(ctx));
    expect(readJsonLd(ctx).blocks[0]!.offset).toBeGreaterThan(0);
  });
});
