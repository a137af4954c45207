import type { ScriptFact } from '../fact-types.js';
import type { FactsExtractor } from './facts-reader.js';

/** <script> elements (inline source kept verbatim, in document order) and the text of <noscript>. */
export function scriptsExtractor(): FactsExtractor {
  return {
    tags: ['script', 'noscript'],
    open({ name, attrs, offset }, reader) {
      const facts = reader.facts;
      if (name === 'noscript') {
        reader.collectText((text) => facts.noscriptTexts.push(text));
        return;
      }
      const script: ScriptFact = {
        src: reader.resolve(attrs.src),
        rawSrc: attrs.src ?? null,
        type: attrs.type?.trim().toLowerCase() ?? null,
        text: '',
        attrs,
        index: facts.scripts.length,
        offset,
      };
      facts.scripts.push(script);
      // Inline source is raw text inside the element; an external script's body is ignored.
      if (attrs.src === undefined) reader.collectRaw((text) => (script.text = text));
    },
  };
}
