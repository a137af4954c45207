import { matchListItem } from './link-grammar.js';

/** Just enough Markdown block structure to check the llms.txt grammar, one line at a time. */
export interface MarkdownLine {
  /** 0-based index in the line list. */
  index: number;
  /** 1-based line number, for messages. */
  number: number;
  kind: 'blank' | 'heading' | 'quote' | 'list' | 'fence' | 'code' | 'text';
  /** Heading level (1–6) for headings. */
  level?: number;
  /** True for a heading written without the space CommonMark requires ("#Title"). */
  loose?: boolean;
  /** Heading text, quote text without ">", list item content, or the trimmed line. */
  text: string;
  raw: string;
}

/** Lines longer than this are classified by their start only (keeps hostile input linear). */
const LINE_SCAN = 4096;

export function classifyLines(source: string): MarkdownLine[] {
  const rawLines = source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const out: MarkdownLine[] = [];
  let fence: { char: string; length: number } | null = null;
  rawLines.forEach((full, index) => {
    const raw = full.length > LINE_SCAN ? full.slice(0, LINE_SCAN) : full;
    const base = { index, number: index + 1, raw };
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(raw);
    if (fence) {
      const closes = fenceMatch && fenceMatch[1]![0] === fence.char && fenceMatch[1]!.length >= fence.length;
      if (closes) fence = null;
      out.push({ ...base, kind: closes ? 'fence' : 'code', text: raw });
      return;
    }
    if (fenceMatch) {
      fence = { char: fenceMatch[1]![0]!, length: fenceMatch[1]!.length };
      out.push({ ...base, kind: 'fence', text: raw });
      return;
    }
    if (!raw.trim()) {
      out.push({ ...base, kind: 'blank', text: '' });
      return;
    }
    const heading = /^ {0,3}(#{1,6})([ \t]|$)/.exec(raw) ?? /^ {0,3}(#{1,6})(?=[^#\s])/.exec(raw);
    if (heading) {
      const loose = heading[2] === undefined;
      out.push({ ...base, kind: 'heading', level: heading[1]!.length, loose, text: headingText(raw.slice(heading[0].length)) });
      return;
    }
    const quote = /^ {0,3}>[ \t]?/.exec(raw);
    if (quote) {
      out.push({ ...base, kind: 'quote', text: raw.slice(quote[0].length).trim() });
      return;
    }
    const item = matchListItem(raw);
    if (item) {
      out.push({ ...base, kind: 'list', text: item.content });
      return;
    }
    out.push({ ...base, kind: 'text', text: raw.trim() });
  });
  return out;
}

/** Heading content without the optional closing run of #s ("## Docs ##" → "Docs"). */
function headingText(rest: string): string {
  let text = rest.trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end < text.length && (end === 0 || text[end - 1] === ' ' || text[end - 1] === '\t')) text = text.slice(0, end).trim();
  return text;
}
