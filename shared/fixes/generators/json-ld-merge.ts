/**
 * Merging the generated JSON-LD nodes with the page's own: a page node of the same family (an Organization or
 * a LocalBusiness, the WebSite, an Article or BlogPosting, a Product, the FAQPage) keeps its type, its `@id`
 * and every value it states, and takes from the generated node only what it lacks. Nodes of other types are
 * kept as they are.
 */
import { hasFamily } from '../../structured-data/schema-families.js';
import { hasProp } from '../../structured-data/json-ld-values.js';

export type GraphNode = Record<string, unknown>;

const PRODUCT_TYPES = ['Product', 'ProductGroup', 'IndividualProduct', 'ProductModel'];
const SCHEMA_CONTEXT = /^https?:\/\/(www\.)?schema\.org\/?$/i;

function familyOf(types: readonly string[]): string | null {
  if (hasFamily(types, 'Organization')) return 'Organization';
  if (hasFamily(types, 'WebSite')) return 'WebSite';
  if (hasFamily(types, 'Article')) return 'Article';
  if (types.some((t) => PRODUCT_TYPES.includes(t))) return 'Product';
  if (types.includes('FAQPage')) return 'FAQPage';
  return null;
}

function typesOf(node: GraphNode): string[] {
  const raw = node['@type'];
  return (Array.isArray(raw) ? raw : [raw])
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^(https?:\/\/(www\.)?schema\.org\/|schema:)/i, ''));
}

export function mergeExisting(ours: readonly GraphNode[], existing: readonly GraphNode[]): GraphNode[] {
  const merged = ours.map((n) => ({ ...n }));
  const kept: GraphNode[] = [];
  for (const node of existing) {
    const clean = withoutSchemaContext(node);
    const family = familyOf(typesOf(node));
    const target = family ? merged.find((m) => familyOf(typesOf(m)) === family) : undefined;
    if (!target) {
      kept.push(clean);
      continue;
    }
    const ourId = target['@id'];
    for (const [key, value] of Object.entries(clean)) {
      if (key === '@type' || key === '@id' || hasProp(clean, key)) target[key] = value;
    }
    if (typeof ourId === 'string' && typeof target['@id'] === 'string' && target['@id'] !== ourId) renameId(merged, ourId, target['@id']);
  }
  return [...merged, ...kept];
}

function withoutSchemaContext(node: GraphNode): GraphNode {
  const { '@context': context, ...rest } = node;
  return typeof context === 'string' && SCHEMA_CONTEXT.test(context) ? rest : context === undefined ? rest : node;
}

/** Points the generated nodes' references (`publisher: {"@id": ...}`) at the page's own id. */
function renameId(nodes: GraphNode[], from: string, to: string): void {
  for (const node of nodes) {
    for (const [key, value] of Object.entries(node)) {
      if (
        value &&
        typeof value === 'object' &&
        !Array.isArray(value) &&
        (value as GraphNode)['@id'] === from &&
        Object.keys(value).length === 1
      )
        node[key] = { '@id': to };
    }
  }
}
