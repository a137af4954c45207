import { patternFor, ownLanguages } from './language/match.js';

/**
 * True when a heading asks a question: a question mark (any script's: ?, ？, ؟), an opening ¿, or a question
 * word at its start in the page's languages ("How to ...", "Cómo ...", "Wie ..."). "Is/Can/Do ..." only
 * counts with a question mark ("Do more with less" is no question).
 */
export function isQuestion(text: string, lang?: string | null): boolean {
  const t = text.trim();
  if (t.endsWith('?') || t.endsWith('？') || t.endsWith('؟') || t.startsWith('¿')) return true;
  return startsWithQuestionWord(t, lang);
}

function startsWithQuestionWord(text: string, lang: string | null | undefined): boolean {
  // Short question words collide across languages ("come", "ai", "co"): without a declared language, English only.
  const pattern = patternFor('questions', ownLanguages(lang));
  const match = pattern.exec(text);
  return match !== null && match.index === 0;
}
