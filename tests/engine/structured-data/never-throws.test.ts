import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { readJsonLdSources } from '../../../shared/structured-data/json-ld.js';
import { propValues, resolveNode, textOf } from '../../../shared/structured-data/json-ld-values.js';
import { entityCompleteness } from '../../../shared/structured-data/schema-requirements.js';
import { structuredDataRules } from '../../../shared/rules/structured-data/index.js';
import { snapshot } from '../../helpers/snapshot.js';
import { judge, NOT_APPLICABLE } from '../rule-tester.js';

/** JSON values biased towards JSON-LD keys so generated documents reach the flattener's corners. */
const key = fc.oneof(
  fc.constantFrom(
    '@type',
    '@id',
    '@graph',
    '@context',
    '@list',
    '@value',
    'name',
    'author',
    'mainEntity',
    'acceptedAnswer',
    'itemListElement',
    'url',
    'datePublished',
  ),
  fc.string(),
);
const jsonLdValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('Article', 'FAQPage', 'https://schema.org', '#x', 'schema:Thing', ''),
    fc.string(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
})).value;

const blockText = fc.oneof(
  jsonLdValue.map((v) => JSON.stringify(v) ?? ''),
  fc.string(),
  jsonLdValue.map((v) => (JSON.stringify(v) ?? '').slice(0, -1)),
);

describe('the JSON-LD reader is total', () => {
  test('never throws on any block text, and every parsed block yields well-formed entities', () => {
    fc.assert(
      fc.property(fc.array(blockText, { maxLength: 4 }), (texts) => {
        const doc = readJsonLdSources(
          texts.map((text) => ({ text })),
          'https://example.com/',
        );
        expect(doc.blocks).toHaveLength(texts.length);
        for (const b of doc.blocks) expect(b.ok).toBe(b.error === null);
        for (const e of doc.entities) {
          expect(doc.blocks[e.block]!.ok).toBe(true);
          for (const t of e.types) expect(typeof t).toBe('string');
          for (const k of ['name', 'author', 'mainEntity']) propValues(e.node, k).forEach((v) => textOf(resolveNode(doc, v) ?? v));
          entityCompleteness(e, doc);
        }
      }),
      { numRuns: 400 },
    );
  });

  test('no Structured Data rule throws on a page carrying random JSON-LD', () => {
    fc.assert(
      fc.property(fc.array(blockText, { maxLength: 3 }), (texts) => {
        const html = texts.map((t) => `<script type="application/ld+json">${t.replace(/<\//g, '<\\/')}</script>`).join('');
        for (const rule of structuredDataRules) {
          const r = judge(rule, snapshot(`<html><head>${html}</head></html>`));
          if (r !== NOT_APPLICABLE) expect(r.score).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 150 },
    );
  });
});
