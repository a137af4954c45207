import type { RootContainerFact } from '../fact-types.js';
import type { FactsExtractor, FactsReader, OpenElement } from './facts-reader.js';

const SPA_ROOT_IDS = new Set(['__next', 'root', 'app', '__nuxt', '___gatsby', 'svelte', '__sveltekit', 'q-app', 'main-app']);
const MAX_ITEMPROPS = 500;
const MAX_TYPE_ATTRIBUTES = 1_000;

/** The document's shape: element counts and depth, roles, microdata and RDFa attributes, and SPA mount points. */
export function structureExtractor(): FactsExtractor {
  /** Open SPA roots with their depth, so their direct children can be counted. */
  const openRoots: Array<{ root: RootContainerFact; depth: number }> = [];
  return {
    open({ name, attrs }: OpenElement, reader: FactsReader) {
      const facts = reader.facts;
      const depth = reader.depth;
      facts.elementCount++;
      if (depth > facts.maxDepth) facts.maxDepth = depth;
      facts.tagCounts.set(name, (facts.tagCounts.get(name) ?? 0) + 1);
      const parentRoot = openRoots[openRoots.length - 1];
      if (parentRoot && parentRoot.depth === depth - 1) parentRoot.root.childElementCount++;
      if (attrs.role) {
        const role = attrs.role.trim().toLowerCase();
        facts.roleCounts.set(role, (facts.roleCounts.get(role) ?? 0) + 1);
      }
      if (attrs.itemtype !== undefined && facts.itemtypes.length < MAX_TYPE_ATTRIBUTES) facts.itemtypes.push(attrs.itemtype);
      if (attrs.typeof !== undefined && facts.rdfaTypeofs.length < MAX_TYPE_ATTRIBUTES) facts.rdfaTypeofs.push(attrs.typeof);
      if (attrs.itemprop !== undefined && facts.itemprops.length < MAX_ITEMPROPS) {
        const prop = attrs.itemprop.trim();
        const direct = attrs.content ?? attrs.datetime ?? attrs.href ?? attrs.src;
        if (direct !== undefined) facts.itemprops.push({ prop, value: direct.trim() });
        else reader.collectText((text) => facts.itemprops.push({ prop, value: text }));
      }
      if (attrs.id && SPA_ROOT_IDS.has(attrs.id)) {
        const root: RootContainerFact = { id: attrs.id, tag: name, textLength: 0, childElementCount: 0 };
        facts.rootContainers.push(root);
        openRoots.push({ root, depth });
        reader.collectText((text) => (root.textLength = text.length));
        reader.onClose(() => openRoots.pop());
      }
    },
  };
}
