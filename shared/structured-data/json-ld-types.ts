/** The shapes `readJsonLd` returns: what the page's `application/ld+json` blocks say, flattened. */

/** A JSON-LD node object as parsed: keys are JSON-LD terms (`@type`, `headline`, `schema:author` ...). */
export type JsonLdNode = Record<string, unknown>;

/** One `<script type="application/ld+json">` element. */
export interface JsonLdBlock {
  /** Zero-based index among the page's JSON-LD blocks, in document order. */
  index: number;
  /** Character offset of the `<script>` element in the HTML, when known. */
  offset: number | null;
  /** True when the block parsed as JSON holding at least one object. */
  ok: boolean;
  /** Why it did not parse ("empty", or the JSON error with line and column); null when ok. */
  error: string | null;
  /** True when the block's `@context` names schema.org (or its types are full schema.org IRIs). */
  schemaOrg: boolean;
  /** Top-level or `@graph` nodes with properties but no `@type`. */
  untypedNodes: number;
}

/** A typed node (`@type` present) found anywhere in a block: top level, `@graph`, array, or nested value. */
export interface JsonLdEntity {
  /**
   * Types with any schema.org prefix removed (`https://schema.org/Article`, `schema:Article` → `Article`).
   * Non-string `@type` values are dropped; types from other vocabularies stay as written.
   */
  types: string[];
  /** The types exactly as written (strings only). */
  rawTypes: string[];
  /** The node object itself; read its properties with `propValues` / `textOf`. */
  node: JsonLdNode;
  /** `@id` as written, or null. */
  id: string | null;
  /** Index of the block it came from. */
  block: number;
  /** 0 for a top-level or `@graph` node; 1+ when nested as another node's property value. */
  depth: number;
  /** Where it sits, e.g. `@graph[2].author`. */
  path: string;
  /** True when its block's context (or its type IRI) is schema.org. */
  schemaOrg: boolean;
}

export interface JsonLdDocument {
  blocks: JsonLdBlock[];
  /** Every typed node of every block that parsed, in document order (parents before children). */
  entities: JsonLdEntity[];
  /** Nodes by `@id` (as written, and resolved against the page URL), for following references. */
  byId: Map<string, JsonLdNode>;
  /** The page URL relative `@id`s are resolved against, when known. */
  baseUrl: string | null;
}
