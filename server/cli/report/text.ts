/**
 * Terminal-safe text. Audit strings quote the audited site (snippets, titles): a hostile page must
 * not be able to move the cursor, recolour or hide text in the user's terminal, so control
 * characters (C0, DEL, C1 including ESC) and bidi overrides are removed before printing.
 */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const ANSI = /\x1b\[[0-9;]*m/g;

export function safe(text: string): string {
  return text.replace(UNSAFE, '').replace(/\t/g, ' ');
}

/** Width on screen, ignoring our own colour codes. */
export function visibleWidth(text: string): number {
  return [...text.replace(ANSI, '')].length;
}

export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - visibleWidth(text)));
}

/** Greedy word wrap to `width` columns, every line prefixed with `indent`. */
export function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && visibleWidth(line) + 1 + visibleWidth(word) > width - indent.length) {
      lines.push(indent + line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(indent + line);
  return lines;
}

/** Aligns rows into columns separated by two spaces. */
export function table(rows: string[][], indent = '  '): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, visibleWidth(cell))));
  return rows.map(
    (row) =>
      indent +
      row
        .map((cell, i) => (i === row.length - 1 ? cell : padEnd(cell, widths[i]!)))
        .join('  ')
        .trimEnd(),
  );
}
