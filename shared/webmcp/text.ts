/** Text helpers for evidence: short whitespace-collapsed snippets and offset → line/column. */

export const SNIPPET_MAX = 160;
export const DESCRIPTION_MAX = 120;
const SNIPPET_LEAD = 40;
const ELLIPSIS = '…';

/** Collapses whitespace and cuts to `max` characters (ellipsis included), never splitting a surrogate pair. */
export function clip(text: string, max: number): string {
  const s = text.replace(/\s+/g, ' ').trim();
  if (s.length <= max) return s;
  return cutAt(s, max - 1) + ELLIPSIS;
}

/** At most 160 characters around `offset`, by default starting a little before it so the receiver shows. */
export function snippetAround(text: string, offset: number, lead = SNIPPET_LEAD): string {
  const start = Math.max(0, offset - lead);
  // Read generously: collapsing whitespace shrinks the text.
  const raw = text.slice(start, start + SNIPPET_MAX * 3);
  const body = raw.replace(/\s+/g, ' ').trim();
  // With no lead the snippet starts at the element itself: nothing to mark as omitted.
  const prefix = start > 0 && lead > 0 ? ELLIPSIS : '';
  const room = SNIPPET_MAX - prefix.length;
  if (body.length <= room && start + raw.length >= text.length) return prefix + body;
  return prefix + cutAt(body, room - 1) + ELLIPSIS;
}

function cutAt(s: string, n: number): string {
  let end = Math.max(0, Math.min(n, s.length));
  // Do not leave half of a surrogate pair behind.
  const last = s.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end--;
  return s.slice(0, end);
}

export interface LineColumn {
  /** 1-based line. */
  line: number;
  /** 1-based column (as browser stack traces count). */
  column: number;
}

/**
 * Maps offsets to 1-based line/column. Line starts are found once, lazily, with indexOf
 * (a 3 MB bundle is indexed in a few milliseconds) and looked up by binary search.
 */
export class LineLocator {
  private starts: number[] | null = null;

  constructor(
    private readonly text: string,
    /** Where the text itself starts in its file (an inline script inside its page), when known. */
    private readonly base: LineColumn = { line: 1, column: 1 },
  ) {}

  at(offset: number): LineColumn {
    const starts = (this.starts ??= lineStarts(this.text));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    const column = offset - starts[lo]! + 1;
    return lo === 0 ? { line: this.base.line, column: this.base.column + column - 1 } : { line: this.base.line + lo, column };
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}
