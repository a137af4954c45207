/**
 * The page's structured data, for any rule that needs it (Structured Data, Trust ...).
 *
 *   const doc = readJsonLd(ctx);                       // memoised: parsed once per audit
 *   doc.blocks                                         // each <script type=application/ld+json>: ok / error
 *   for (const e of jsonLdEntities(ctx)) {             // every typed node: top level, @graph, arrays, nested
 *     if (hasFamily(e.types, 'Article')) {             // Article, NewsArticle, BlogPosting ...
 *       propText(e.node, 'datePublished');             // "2026-01-02" (or null)
 *       propValues(e.node, 'author')                   // [{"@type": "Person", ...}, "Jane", {"@id": "#me"}]
 *         .map((a) => resolveNode(doc, a) ?? a)        // follow {"@id"} references into the @graph
 *         .map(textOf);                                // names: "Jane Doe"
 *     }
 *   }
 *
 * Every function here is total: odd or hostile JSON gives empty results, never an exception.
 */
export type { JsonLdBlock, JsonLdDocument, JsonLdEntity, JsonLdNode } from './json-ld-types.js';
export {
  readJsonLd,
  readRenderedJsonLd,
  inlineJsonLdScripts,
  jsonLdEntities,
  readJsonLdSources,
  isJsonLdType,
  type JsonLdSource,
} from './json-ld.js';
export { propValues, propText, textOf, hasProp, isPresentValue, resolveNode } from './json-ld-values.js';
export { hasFamily, isInFamily, type SchemaFamily } from './schema-families.js';
export { isKnownSchemaType, suggestSchemaType } from './schema-types.js';
export { entityCompleteness, TYPE_REQUIREMENTS, type EntityCompleteness } from './schema-requirements.js';
export { isIsoDateValue } from './iso-date.js';
export { inlineMarkup, type InlineMarkup } from './inline-markup.js';
export { socialMeta, type SocialMeta } from './open-graph.js';
