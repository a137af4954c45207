/** Question words; "Is/Can/Do ..." only counts with a question mark ("Do more with less" is no question). */
const QUESTION_START = /^(what|how|why|when|where|who|whom|whose|which)\b/i;

/** True when a heading asks a question: a question mark (any script's), an opening ¿, or a question word. */
export function isQuestion(text: string): boolean {
  const t = text.trim();
  return t.endsWith('?') || t.endsWith('？') || t.startsWith('¿') || QUESTION_START.test(t);
}
