import type { FactsExtractor } from './facts-reader.js';

/** <time> elements: their datetime attribute and visible text. */
export function timesExtractor(): FactsExtractor {
  return {
    tags: ['time'],
    open({ attrs }, reader) {
      const time = { datetime: attrs.datetime ?? null, text: '' };
      reader.facts.times.push(time);
      reader.collectText((text) => (time.text = text));
    },
  };
}
