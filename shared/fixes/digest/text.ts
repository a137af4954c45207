/** Short texts taken from a page for generated files: the page's own words, whitespace collapsed, cut where a sentence ends. */

export function collapse(text: string | null | undefined): string | null {
  const out = (text ?? '').replace(/\s+/g, ' ').trim();
  return out || null;
}

/**
 * At most `max` characters of `text`: whole sentences when the first ones fit, else whole words and an
 * ellipsis. Null for nothing to say.
 */
export function clipSentences(text: string | null | undefined, max: number): string | null {
  const t = collapse(text);
  if (!t) return null;
  if ([...t].length <= max) return t;
  const head = [...t].slice(0, max).join('');
  const sentenceEnd = Math.max(head.lastIndexOf('. '), head.lastIndexOf('! '), head.lastIndexOf('? '));
  if (sentenceEnd >= max * 0.4) return head.slice(0, sentenceEnd + 1);
  const space = head.lastIndexOf(' ', max - 1);
  return `${(space > max * 0.4 ? head.slice(0, space) : head.slice(0, max - 1)).replace(/[\s,;:.-]+$/, '')}…`;
}

/** Length in characters as a reader counts them (code points). */
export function charLength(text: string): number {
  return [...text].length;
}

/** Framework and CMS default titles that say nothing about the page. */
export const GENERIC_TITLE =
  /^(home|homepage|home page|untitled|untitled document|document|index|welcome|react app|vite app|new page|page title|my site|my website|website|title)$/i;

/** The title unless it is a default that says nothing. */
export function specificTitle(title: string | null | undefined): string | null {
  const t = collapse(title);
  return t && !GENERIC_TITLE.test(t) ? t : null;
}
