import type { AnchorFact } from '../fact-types.js';
import type { FactsExtractor } from './facts-reader.js';
import { splitTokens } from './head.js';

/** Every <a href>, resolved, with its visible text and rel tokens. */
export function anchorsExtractor(): FactsExtractor {
  return {
    tags: ['a'],
    open({ attrs }, reader) {
      if (attrs.href === undefined) return;
      const anchor: AnchorFact = { href: reader.resolve(attrs.href), rawHref: attrs.href, text: '', rel: splitTokens(attrs.rel) };
      reader.facts.anchors.push(anchor);
      reader.collectText((text) => (anchor.text = text));
    },
  };
}
