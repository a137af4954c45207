/**
 * Is a position in JavaScript source code, or inside a string, template text, comment or regex
 * literal? A skimmer, not a parser: it jumps from one quote or slash to the next with regexes
 * (inside `${…}` it also counts braces), so one pass over a multi-MB bundle costs a few ms.
 * Regex-versus-division is decided by the previous significant character, the usual heuristic;
 * an unterminated quote ends at the line break so a misjudgement cannot swallow a whole file.
 */
export type LexicalState = 'code' | 'string' | 'template' | 'comment' | 'regex';

const NEXT_IN_CODE = /["'`/]/g;
const NEXT_IN_TEMPLATE_EXPR = /["'`/{}]/g;
const DOUBLE_QUOTED_EVENT = /["\\\n\r]/g;
const SINGLE_QUOTED_EVENT = /['\\\n\r]/g;
const TEMPLATE_EVENT = /[`\\]|\$\{/g;
// Body of a regex literal after its opening slash: escapes, classes, then the closing slash and flags.
const REGEX_BODY = /(?:[^\\/[\n\r]|\\[^\n\r]|\[(?:[^\]\\\n\r]|\\[^\n\r])*\])*\/[A-Za-z]*/y;
const KEYWORDS_BEFORE_EXPRESSION = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

/** The state at each of `positions`, which must be ascending. Unlisted text is never classified. */
export function lexicalStates(src: string, positions: readonly number[]): LexicalState[] {
  const out: LexicalState[] = positions.map(() => 'code');
  if (positions.length) new Skimmer(src, positions, out).run();
  return out;
}

/** One pass over `src`, writing the state of each listed position into `out`. */
class Skimmer {
  private readonly src: string;
  private readonly positions: readonly number[];
  private readonly out: LexicalState[];
  /** The first position not yet classified. */
  private next = 0;
  /** One saved brace depth per open `${`: the `}` that closes it returns to template text. */
  private readonly templateStack: number[] = [];
  private braces = 0;

  constructor(src: string, positions: readonly number[], out: LexicalState[]) {
    this.src = src;
    this.positions = positions;
    this.out = out;
  }

  run(): void {
    const last = this.positions[this.positions.length - 1]!;
    let i = 0;
    while (i <= last && this.next < this.positions.length) {
      const finder = this.templateStack.length ? NEXT_IN_TEMPLATE_EXPR : NEXT_IN_CODE;
      finder.lastIndex = i;
      const m = finder.exec(this.src);
      if (!m) break;
      i = this.event(m.index, m[0]);
    }
  }

  /** The quote, brace or slash `c` at `j`; returns where code resumes. */
  private event(j: number, c: string): number {
    if (c === '"' || c === "'") {
      const end = quotedEnd(this.src, j, c === '"' ? DOUBLE_QUOTED_EVENT : SINGLE_QUOTED_EVENT);
      this.mark(j + 1, end, 'string');
      return end;
    }
    if (c === '`') return this.templateText(j + 1);
    if (c === '{') {
      this.braces++;
      return j + 1;
    }
    if (c === '}') {
      if (this.braces === 0) {
        this.braces = this.templateStack.pop() ?? 0;
        return this.templateText(j + 1);
      }
      this.braces--;
      return j + 1;
    }
    return this.slash(j);
  }

  /** Marks positions in [start, end) with `state`; positions before `start` stay code. */
  private mark(start: number, end: number, state: LexicalState): void {
    const { positions, out } = this;
    while (this.next < positions.length && positions[this.next]! < start) this.next++;
    while (this.next < positions.length && positions[this.next]! < end) out[this.next++] = state;
  }

  /** Skims template text from `k` to its closing backtick or to a `${`; returns where code resumes. */
  private templateText(k: number): number {
    const start = k;
    TEMPLATE_EVENT.lastIndex = k;
    for (;;) {
      const m = TEMPLATE_EVENT.exec(this.src);
      if (!m) {
        this.mark(start, this.src.length, 'template');
        return this.src.length;
      }
      if (m[0] === '\\') {
        TEMPLATE_EVENT.lastIndex = m.index + 2;
        continue;
      }
      this.mark(start, m.index, 'template');
      if (m[0] === '`') return m.index + 1;
      this.templateStack.push(this.braces);
      this.braces = 0;
      return m.index + 2;
    }
  }

  /** A comment, a regex literal or a division at `j`; returns where code resumes. */
  private slash(j: number): number {
    const src = this.src;
    const after = src.charCodeAt(j + 1);
    if (after === 0x2f /* / */) {
      const nl = src.indexOf('\n', j + 2);
      const end = nl === -1 ? src.length : nl;
      this.mark(j, end, 'comment');
      return end;
    }
    if (after === 0x2a /* * */) {
      const close = src.indexOf('*/', j + 2);
      const end = close === -1 ? src.length : close + 2;
      this.mark(j, end, 'comment');
      return end;
    }
    if (!regexMayStart(src, j)) return j + 1;
    REGEX_BODY.lastIndex = j + 1;
    if (!REGEX_BODY.test(src)) return j + 1;
    this.mark(j + 1, REGEX_BODY.lastIndex, 'regex');
    return REGEX_BODY.lastIndex;
  }
}

/** End (exclusive) of a quoted string opened at `j`; an unterminated one ends at the line break. */
function quotedEnd(src: string, j: number, events: RegExp): number {
  events.lastIndex = j + 1;
  for (;;) {
    const m = events.exec(src);
    if (!m) return src.length;
    if (m[0] === '\\') {
      events.lastIndex = m.index + 2;
      continue;
    }
    return m[0] === '\n' || m[0] === '\r' ? m.index : m.index + 1;
  }
}

/** Can a regex literal start at the slash at `j`? Looks at the previous significant character. */
export function regexMayStart(src: string, j: number): boolean {
  let k = j - 1;
  while (k >= 0 && isSpace(src.charCodeAt(k))) k--;
  if (k < 0) return true;
  const c = src.charCodeAt(k);
  // After a value a slash divides: `a)/2`, `x]/2`, `"s"/2`.
  if (c === 0x29 || c === 0x5d || c === 0x22 || c === 0x27 || c === 0x60) return false;
  // `a++/2` divides.
  if ((c === 0x2b || c === 0x2d) && src.charCodeAt(k - 1) === c) return false;
  if (!isWordChar(c)) return true;
  let w = k;
  while (w > 0 && isWordChar(src.charCodeAt(w - 1))) w--;
  // `.return/2` is a property, not the keyword.
  if (w > 0 && src.charCodeAt(w - 1) === 0x2e) return false;
  return KEYWORDS_BEFORE_EXPRESSION.has(src.slice(w, k + 1));
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0b || c === 0x0c || c === 0xa0;
}

function isWordChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x24 || c === 0x5f || c > 0x7f;
}
