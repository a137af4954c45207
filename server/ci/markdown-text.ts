/**
 * Text from an audited site (titles, details, URLs) made inert in Markdown: a pull-request comment or a job
 * summary must show it as written, never as a link, an image, HTML, a table cell break, a @mention or an
 * issue reference.
 */

/** One line of plain text, every Markdown and HTML meaning escaped. */
export function mdText(value: string): string {
  return value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]#!|~]/g, (c) => `\\${c}`) // inline text: never at a line's start, so - + . need nothing
    .replace(/@/g, '&#64;')
    .replace(/:/g, '&#58;'); // no autolink (https://...) nor emoji shortcode
}

/**
 * A URL or an id shown as code: fenced by more backticks than any run in it, line breaks dropped; in a table
 * cell a pipe is escaped (GitHub's tables split cells on a pipe even inside code).
 */
export function mdCode(value: string, inTable = false): string {
  const flat = value.replace(/[\r\n\t]+/g, ' ');
  const text = inTable ? flat.replace(/\|/g, '\\|') : flat;
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** +5, -3, ±0 */
export function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : delta < 0 ? `\u2212${-delta}` : '\u00b10';
}
