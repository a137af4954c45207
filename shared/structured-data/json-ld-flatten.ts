import type { JsonLdEntity, JsonLdNode } from './json-ld-types.js';

/** Hostile pages can nest or repeat without end; these bound the walk. */
const MAX_DEPTH = 64;
const MAX_VISITS = 100_000;
const MAX_ENTITIES = 5_000;

const SCHEMA_IRI = /^https?:\/\/(?:www\.)?schema\.org\/?/i;
const SCHEMA_PREFIX = /^schema:/i;

export interface Flattened {
  entities: JsonLdEntity[];
  /** Identified nodes (an `@id` plus at least one property), keyed by `@id` as written. */
  identified: Array<[string, JsonLdNode]>;
  /** True when some node in the block carries a schema.org context. */
  schemaOrg: boolean;
  /** Top-level or `@graph` nodes that have properties but no `@type` (engines cannot tell what they are). */
  untypedTopLevel: number;
}

interface Frame {
  value: unknown;
  path: string;
  depth: number;
  schemaOrg: boolean;
}

/**
 * Every typed node in one parsed block: top-level objects, arrays, `@graph` members and nested
 * property values, in document order. Iterative, so deep nesting cannot overflow the stack.
 */
export function flattenJsonLd(root: unknown, block: number): Flattened {
  const out: Flattened = { entities: [], identified: [], schemaOrg: false, untypedTopLevel: 0 };
  const stack: Frame[] = [{ value: root, path: '', depth: 0, schemaOrg: false }];
  let visits = 0;
  while (stack.length && visits++ < MAX_VISITS) {
    const { value, path, depth, schemaOrg: inherited } = stack.pop()!;
    if (depth > MAX_DEPTH || value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: `${path}[${i}]`, depth, schemaOrg: inherited });
      continue;
    }
    const node = value as JsonLdNode;
    if ('@value' in node) continue;
    const list = node['@list'] ?? node['@set'];
    if (list !== undefined) {
      stack.push({ value: list, path, depth, schemaOrg: inherited });
      continue;
    }
    const schemaOrg = '@context' in node ? contextIsSchemaOrg(node['@context']) || inherited : inherited;
    if (schemaOrg) out.schemaOrg = true;

    const rawTypes = typeStrings(node['@type']);
    const typed = node['@type'] !== undefined;
    const id = typeof node['@id'] === 'string' ? node['@id'] : null;
    const isNode = typed || Object.keys(node).some((k) => !k.startsWith('@'));
    if (typed && out.entities.length < MAX_ENTITIES) {
      const iriTyped = rawTypes.some((t) => SCHEMA_IRI.test(t));
      if (iriTyped) out.schemaOrg = true;
      out.entities.push({
        types: rawTypes.map(localTypeName).filter(Boolean),
        rawTypes,
        node,
        id,
        block,
        depth,
        path,
        schemaOrg: schemaOrg || iriTyped,
      });
    }
    if (!typed && isNode && depth === 0) out.untypedTopLevel++;
    if (id !== null && isNode) out.identified.push([id, node]);

    const keys = Object.keys(node);
    const childDepth = isNode ? depth + 1 : depth;
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (key === '@graph') {
        stack.push({ value: node[key], path: path ? `${path}.@graph` : '@graph', depth, schemaOrg });
      } else if (!key.startsWith('@')) {
        stack.push({ value: node[key], path: path ? `${path}.${key}` : key, depth: childDepth, schemaOrg });
      }
    }
  }
  return out;
}

/** True when a `@context` value (string, array or object) points at schema.org. */
export function contextIsSchemaOrg(context: unknown): boolean {
  if (typeof context === 'string') return SCHEMA_IRI.test(context.trim());
  if (Array.isArray(context)) return context.some(contextIsSchemaOrg);
  if (context && typeof context === 'object') {
    return Object.values(context as Record<string, unknown>).some((v) => typeof v === 'string' && SCHEMA_IRI.test(v.trim()));
  }
  return false;
}

/** `https://schema.org/Article`, `schema:Article` and `Article` all become `Article`. */
export function localTypeName(type: string): string {
  return type.trim().replace(SCHEMA_IRI, '').replace(SCHEMA_PREFIX, '');
}

function typeStrings(type: unknown): string[] {
  const list = Array.isArray(type) ? type : [type];
  return list.filter((t): t is string => typeof t === 'string' && t.trim() !== '').map((t) => t.trim());
}
