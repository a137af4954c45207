import type { JudgeContext } from '../judge/context.js';
import type { PageFacts } from '../facts/fact-types.js';
import type { JsonLdBlock, JsonLdDocument, JsonLdEntity, JsonLdNode } from './json-ld-types.js';
import { parseJsonLdText } from './json-ld-parse.js';
import { flattenJsonLd } from './json-ld-flatten.js';

export interface JsonLdSource {
  text: string;
  offset?: number | null;
}

/** The page's JSON-LD (server HTML as fetched), parsed once per audit and shared by every rule. */
export function readJsonLd(ctx: JudgeContext): JsonLdDocument {
  return ctx.memo('structured-data:json-ld', () => {
    const sources = inlineJsonLdScripts(ctx.facts).map((s) => ({ text: s.text, offset: s.offset }));
    return readJsonLdSources(sources, ctx.pageUrl.href);
  });
}

/**
 * The JSON-LD of the rendered DOM (the extension's tab, or the server's browser), parsed once per audit; null
 * when the audit has no rendered DOM. Blocks scripts added or kept after JavaScript ran.
 */
export function readRenderedJsonLd(ctx: JudgeContext): JsonLdDocument | null {
  return ctx.memo('structured-data:rendered-json-ld', () => {
    const rendered = ctx.renderedFacts;
    if (!rendered) return null;
    const sources = inlineJsonLdScripts(rendered).map((s) => ({ text: s.text, offset: s.offset }));
    return readJsonLdSources(sources, ctx.snapshot.rendered?.url || ctx.pageUrl.href);
  });
}

/** The inline `application/ld+json` scripts of one document's facts (a `src` is never loaded by JSON-LD readers). */
export function inlineJsonLdScripts(facts: PageFacts): PageFacts['scripts'] {
  return facts.scripts.filter((s) => isJsonLdType(s.type) && s.src === null);
}

/** Every typed JSON-LD node of the page (top level, `@graph`, arrays, nested values), in document order. */
export function jsonLdEntities(ctx: JudgeContext): JsonLdEntity[] {
  return readJsonLd(ctx).entities;
}

/** Pure core of `readJsonLd`: parses and flattens the given block texts. Never throws. */
export function readJsonLdSources(sources: readonly JsonLdSource[], baseUrl?: string): JsonLdDocument {
  const blocks: JsonLdBlock[] = [];
  const entities: JsonLdEntity[] = [];
  const byId = new Map<string, JsonLdNode>();
  sources.forEach((source, index) => {
    const parsed = parseJsonLdText(source.text);
    if (!parsed.ok) {
      blocks.push({ index, offset: source.offset ?? null, ok: false, error: parsed.error, schemaOrg: false, untypedNodes: 0 });
      return;
    }
    const flat = flattenJsonLd(parsed.value, index);
    blocks.push({
      index,
      offset: source.offset ?? null,
      ok: true,
      error: null,
      schemaOrg: flat.schemaOrg,
      untypedNodes: flat.untypedTopLevel,
    });
    entities.push(...flat.entities);
    for (const [id, node] of flat.identified) {
      for (const key of [id, resolveId(id, baseUrl)]) if (key && !byId.has(key)) byId.set(key, node);
    }
  });
  return { blocks, entities, byId, baseUrl: baseUrl ?? null };
}

/** `application/ld+json`, with or without parameters. */
export function isJsonLdType(type: string | null): boolean {
  return type !== null && type.split(';')[0]!.trim() === 'application/ld+json';
}

/** An `@id` resolved against the page URL, or null when it cannot be. */
export function resolveId(id: string, baseUrl: string | null | undefined): string | null {
  if (!baseUrl) return null;
  try {
    return new URL(id, baseUrl).href;
  } catch {
    return null;
  }
}
