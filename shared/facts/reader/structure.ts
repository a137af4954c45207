import type { RootContainerFact } from '../fact-types.js';
import type { FactsExtractor, FactsReader, OpenElement } from './facts-reader.js';

const SPA_ROOT_IDS = new Set(['__next', 'root', 'app', '__nuxt', '___gatsby', 'svelte', '__sveltekit', 'q-app', 'main-app']);
const MAX_ITEMPROPS = 500;
const MAX_TYPE_ATTRIBUTES = 1_000;

/** The document's shape: element counts and depth, roles, microdata and RDFa attributes, and SPA mount points. */
export function structureExtractor(): FactsExtractor {
  /** Open SPA roots with their depth, so their direct children can be counted. */
  const openRoots: Array<{ root: RootContainerFact; depth: number }> = [];
  /**
   * Open microdata items, innermost last: their itemtype ("" when none is given), and whether the item describes
   * the page (an outermost item, or one that is the main entity of such an item) rather than a review or a comment in it.
   */
  const scopes: Array<{ type: string; pageItem: boolean }> = [];
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
        const item = scopes[scopes.length - 1];
        const scope = item ? item.type : null;
        const pageItem = item ? item.pageItem : true;
        const direct = attrs.content ?? attrs.datetime ?? attrs.href ?? attrs.src;
        if (direct !== undefined) facts.itemprops.push({ prop, value: direct.trim(), scope, pageItem });
        else reader.collectText((text) => facts.itemprops.push({ prop, value: text, scope, pageItem }));
      }
      if (attrs.itemscope !== undefined) {
        const parent = scopes[scopes.length - 1];
        const main = /(^|\s)mainEntity(OfPage)?(\s|$)/.test(attrs.itemprop ?? '');
        scopes.push({ type: attrs.itemtype?.trim() ?? '', pageItem: !parent || (parent.pageItem && main) });
        reader.onClose(() => scopes.pop());
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
