/**
 * The structural limits of an SVG logo, checked on the request's thread before any parser sees it: one pass over
 * the text, counting elements and following their nesting, in time proportional to its length. A logo beyond
 * them is refused at once (a 400 that says which limit); within them, sanitising it is quick. Measured with the
 * sanitiser (sanitize-svg.ts): 1,000 nested <g> took 5 s in jsdom and DOMPurify, 5,000 overflowed the stack.
 *
 * DOMPurify parses the logo as HTML, so the count follows an HTML parser, erring on the deep side: an end tag
 * closes the innermost open element of its name and what is open inside it, and is ignored when none is open
 * (stray end tags cannot hide depth); comments and declarations end where HTML ends them; `<x/>` closes itself
 * only inside <svg>, until an HTML element that would take the parser out of SVG content appears (after that,
 * and outside <svg>, only HTML's void elements close themselves).
 */

/** Deepest nesting of elements: real logos stay under 20 (groups in groups in a <defs>). */
export const SVG_MAX_DEPTH = 64;
/** Most elements, comments and declarations together: a detailed logo has a few hundred paths. */
export const SVG_MAX_NODES = 10_000;

/** Most attributes on one element: DOMPurify's time grows with their square (40,000 on one element: over a minute). */
export const SVG_MAX_ATTRIBUTES = 100;

export type SvgShapeProblem = { limit: 'depth' | 'nodes' | 'attributes'; max: number };

/** HTML start tags that end SVG content in an HTML parser (HTML, "parsing tokens in foreign content"). */
const LEAVES_SVG = new Set(
  'b big blockquote body br center code dd div dl dt em embed font h1 h2 h3 h4 h5 h6 head hr i img li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var'.split(
    ' ',
  ),
);
const VOID = new Set('area base br col embed hr img input link meta source track wbr'.split(' '));
/** SVG elements whose content an HTML parser reads as HTML. */
const HTML_INSIDE = new Set(['foreignobject', 'desc', 'title']);

/** The 400's sentence for a logo beyond a structural limit. */
export function shapeMessage(problem: SvgShapeProblem): string {
  if (problem.limit === 'depth') return `logo: the SVG nests elements more than ${problem.max} deep; flatten its groups`;
  if (problem.limit === 'attributes') return `logo: an element of the SVG has more than ${problem.max} attributes`;
  return `logo: the SVG has more than ${problem.max.toLocaleString('en')} elements and comments; simplify it`;
}

interface Tag {
  name: string;
  attributes: number;
  /** Index just past the tag's `>`. */
  end: number;
  selfClosing: boolean;
}

interface Scan {
  open: string[];
  /** Elements, comments and declarations so far. */
  nodes: number;
  /** An element was seen (the first must be <svg> for `/>` to be trusted). */
  seenElement: boolean;
  /** An element that leaves SVG content was seen (or the text does not start with <svg>): `/>` no longer trusted. */
  html: boolean;
}

/** The first limit the SVG text passes, or null when it is within both. */
export function svgShapeProblem(svg: string): SvgShapeProblem | null {
  const scan: Scan = { open: [], nodes: 0, seenElement: false, html: false };
  for (let i = svg.indexOf('<'); i >= 0 && i < svg.length;) {
    const next = svg[i + 1] ?? '';
    let end: number;
    if (next === '!' || next === '?') {
      if (++scan.nodes > SVG_MAX_NODES) return { limit: 'nodes', max: SVG_MAX_NODES };
      end = svg.startsWith('<!--', i) ? endOfComment(svg, i + 4) : after(svg, '>', i + 2);
    } else if (next === '/' && /[A-Za-z]/.test(svg[i + 2] ?? '')) {
      const tag = readTag(svg, i + 2);
      if (tag.name === 'p' || tag.name === 'br') scan.html = true;
      closeElement(scan.open, tag.name);
      end = tag.end;
    } else if (/[A-Za-z]/.test(next)) {
      const tag = readTag(svg, i + 1);
      const problem = openElement(scan, tag);
      if (problem) return problem;
      end = tag.end;
    } else end = i + 1; // a `<` in text
    i = svg.indexOf('<', end);
  }
  return null;
}

function openElement(scan: Scan, { name, attributes, selfClosing }: Tag): SvgShapeProblem | null {
  if (++scan.nodes > SVG_MAX_NODES) return { limit: 'nodes', max: SVG_MAX_NODES };
  if (attributes > SVG_MAX_ATTRIBUTES) return { limit: 'attributes', max: SVG_MAX_ATTRIBUTES };
  if (!scan.seenElement && name !== 'svg') scan.html = true; // the text does not start with <svg>
  scan.seenElement = true;
  if (LEAVES_SVG.has(name)) scan.html = true;
  const closes = VOID.has(name) || (selfClosing && !scan.html && !insideHtml(scan.open));
  if (!closes) scan.open.push(name);
  return scan.open.length > SVG_MAX_DEPTH ? { limit: 'depth', max: SVG_MAX_DEPTH } : null;
}

/** True inside an element whose content is HTML (the stack is at most SVG_MAX_DEPTH deep). */
function insideHtml(open: string[]): boolean {
  for (let depth = open.length - 1; depth >= 0; depth--) {
    if (HTML_INSIDE.has(open[depth]!)) return true;
    if (open[depth] === 'svg') return false;
  }
  return true;
}

/** Closes the innermost open element named `name` and everything inside it; nothing when none is open. */
function closeElement(open: string[], name: string): void {
  for (let depth = open.length - 1; depth >= 0; depth--) {
    if (open[depth] === name) {
      open.length = depth;
      return;
    }
  }
}

/**
 * A tag from its name at `from` to the `>` that ends it as HTML tokenises it: attribute names, each maybe with `=`
 * and a value, quoted (it may hold `>`) or not. Lower-case name, attributes, the index past it, whether it ends `/>`.
 */
function readTag(svg: string, from: number): Tag {
  let i = from;
  while (i < svg.length && !/[\s/>]/.test(svg[i]!)) i++;
  const tag: Tag = { name: svg.slice(from, i).toLowerCase(), attributes: 0, end: svg.length, selfClosing: false };
  while (i < svg.length) {
    const c = svg[i]!;
    if (c === '>' || (c === '/' && svg[i + 1] === '>')) return { ...tag, end: i + (c === '>' ? 1 : 2), selfClosing: c === '/' };
    if (/[\s/]/.test(c)) {
      i++;
      continue;
    }
    tag.attributes++;
    i++; // an attribute's name runs to a space, `/`, `>` or `=` (its first character may be `=`)
    while (i < svg.length && !/[\s/>=]/.test(svg[i]!)) i++;
    while (i < svg.length && /\s/.test(svg[i]!)) i++;
    if (svg[i] !== '=') continue;
    i = endOfValue(svg, i + 1);
  }
  return tag;
}

/** Index past an attribute value starting at `from` (after its `=`): quoted, or unquoted (a `/` in it is the value's). */
function endOfValue(svg: string, from: number): number {
  let i = from;
  while (i < svg.length && /\s/.test(svg[i]!)) i++;
  const quote = svg[i];
  if (quote === '"' || quote === "'") {
    const close = svg.indexOf(quote, i + 1);
    return close < 0 ? svg.length : close + 1;
  }
  while (i < svg.length && !/[\s>]/.test(svg[i]!)) i++;
  return i;
}

/** The end of a comment whose text starts at `from`: `-->` or `--!>`, or at once for `<!-->` and `<!--->`. */
function endOfComment(svg: string, from: number): number {
  if (svg[from] === '>') return from + 1;
  if (svg.startsWith('->', from)) return from + 2;
  for (let i = from; i < svg.length; i++) {
    if (svg[i] !== '-' || svg[i + 1] !== '-') continue;
    if (svg[i + 2] === '>') return i + 3;
    if (svg[i + 2] === '!' && svg[i + 3] === '>') return i + 4;
  }
  return svg.length;
}

/** Index just past the next `marker` at or after `from`; the text's end when there is none. */
function after(svg: string, marker: string, from: number): number {
  const at = svg.indexOf(marker, from);
  return at < 0 ? svg.length : at + marker.length;
}
