import type { JsonLdDocument, JsonLdNode } from './json-ld-types.js';
import { resolveId } from './json-ld.js';

/** Reading property values the way JSON-LD allows them to be written. */

const PREFIXES = ['', 'schema:', 'https://schema.org/', 'http://schema.org/'];

/**
 * The values of `prop` on a node as a flat list: a single value becomes a one-item list, arrays and
 * `@list`/`@set` are unwrapped, and `schema:prop` or full-IRI keys are found too. Never throws.
 */
export function propValues(node: JsonLdNode | null | undefined, prop: string): unknown[] {
  if (!node || typeof node !== 'object') return [];
  const out: unknown[] = [];
  for (const prefix of PREFIXES) {
    const value = node[prefix + prop];
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      const list = isObject(item) ? (item['@list'] ?? item['@set']) : undefined;
      if (Array.isArray(list)) out.push(...list);
      else if (item !== null && item !== undefined) out.push(item);
    }
  }
  return out;
}

/**
 * A value as display text: strings trimmed, numbers as written, `{"@value": ...}` unwrapped, and a
 * nested node by its `name` (then `headline`, then `@id`). Null when there is no usable text.
 */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    for (const v of value) {
      const t = textOf(v);
      if (t) return t;
    }
    return null;
  }
  if (isObject(value)) {
    if ('@value' in value) return textOf(value['@value']);
    for (const key of ['name', 'headline', '@id']) {
      const t = key.startsWith('@') ? textOf(value[key]) : textOf(propValues(value, key));
      if (t) return t;
    }
  }
  return null;
}

/** First text of `prop` on a node, or null. */
export function propText(node: JsonLdNode | null | undefined, prop: string): string | null {
  return textOf(propValues(node, prop));
}

/** True when the property has something in it: non-empty text, a number, or a non-empty object. */
export function hasProp(node: JsonLdNode | null | undefined, prop: string): boolean {
  return propValues(node, prop).some(isPresentValue);
}

export function isPresentValue(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.some(isPresentValue);
  if (isObject(value)) {
    if ('@value' in value) return isPresentValue(value['@value']);
    return Object.keys(value).some((k) => k !== '@context');
  }
  return false;
}

/**
 * Follows a reference: a bare `{"@id": "..."}` (or an `@id` string) becomes the node defined
 * elsewhere in the page's JSON-LD, when there is one; any other node is returned as is.
 */
export function resolveNode(doc: JsonLdDocument, value: unknown): JsonLdNode | null {
  if (typeof value === 'string') return lookup(doc, value);
  if (!isObject(value)) return null;
  const id = value['@id'];
  const onlyRef = Object.keys(value).every((k) => k === '@id' || k === '@context');
  if (typeof id === 'string' && onlyRef) return lookup(doc, id) ?? value;
  return value;
}

function lookup(doc: JsonLdDocument, id: string): JsonLdNode | null {
  const resolved = resolveId(id, doc.baseUrl);
  return doc.byId.get(id) ?? (resolved ? doc.byId.get(resolved) : undefined) ?? null;
}

export function isObject(value: unknown): value is JsonLdNode {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
