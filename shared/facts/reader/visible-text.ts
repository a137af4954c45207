import type { FactsExtractor } from './facts-reader.js';
import { collapse, countWords } from '../words.js';

const TEXT_CAP = 2_000_000;

/** The document's visible text, whitespace collapsed, and its word count. */
export function visibleTextExtractor(): FactsExtractor {
  const parts: string[] = [];
  let length = 0;
  return {
    visibleText(data) {
      if (length < TEXT_CAP) {
        parts.push(data);
        length += data.length;
      }
    },
    finish(facts) {
      facts.text = collapse(parts.join(' '));
      facts.wordCount = countWords(facts.text);
    },
  };
}
