import { walkHtml } from './html-walk.js';
import type { PageFacts } from './fact-types.js';
import { FactsReader } from './reader/facts-reader.js';
import { visibleTextExtractor } from './reader/visible-text.js';

/**
 * The visible text of an HTML document and its word count, read as the page facts read them (the same hidden
 * elements, the same word rule) but with no other extractor: what an edge probe's copy of a page is compared by.
 */
export function extractVisibleText(html: string, baseUrl: string): { text: string; wordCount: number } {
  const facts = { text: '', wordCount: 0 } as PageFacts;
  const reader = new FactsReader(facts, baseUrl, [visibleTextExtractor()]);
  walkHtml(html, [reader]);
  reader.finish();
  return { text: facts.text, wordCount: facts.wordCount };
}
