/**
 * What `<noscript>` holds. Most often a line asking for JavaScript or a tracking pixel; some sites keep
 * the whole article there for readers without JavaScript, and that is content such a reader (and an
 * AI crawler, which runs no JavaScript) gets.
 */
import { countWords } from './words.js';
import { asksForJavaScript } from './language/match.js';

/** A noscript block with this many words besides a request for JavaScript holds content, not a message. */
export const NOSCRIPT_CONTENT_WORDS = 50;

/** Words of the page's noscript blocks that are content: a block that only asks for JavaScript is a message. */
export function noscriptContentWords(noscriptTexts: readonly string[]): number {
  let total = 0;
  for (const text of noscriptTexts) {
    const words = countWords(text);
    if (words >= NOSCRIPT_CONTENT_WORDS || !asksForJavaScript(text)) total += words;
  }
  return total;
}

export { asksForJavaScript };
