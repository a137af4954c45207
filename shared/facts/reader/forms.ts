import type { FormFact } from '../fact-types.js';
import type { FactsExtractor } from './facts-reader.js';

/** <form>s with their controls (WebMCP's declarative tools are forms). */
export function formsExtractor(): FactsExtractor {
  let current: FormFact | null = null;
  return {
    tags: ['form', 'input', 'select', 'textarea', 'fieldset'],
    open({ name, attrs, offset }, reader) {
      if (name === 'form') {
        current = { attrs, controls: [], offset };
        reader.facts.forms.push(current);
        reader.onClose(() => (current = null));
      } else {
        current?.controls.push({ tag: name, attrs, label: null });
      }
    },
  };
}
