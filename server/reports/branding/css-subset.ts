/**
 * The CSS a stored logo may keep: a small allow-list, re-serialised, never a filter of what looks dangerous.
 * A rule survives when its selector uses plain selector characters and it has declarations left; a declaration
 * when its property is an SVG presentation property and its value is a safe value: letters, digits, spaces and
 * `#%.,+-*()'"!/` only (so no CSS escape such as `u\72l(`, no `@`, no `;` or braces), every function one of
 * SAFE_FUNCTIONS, and `url()` only to a fragment of the file (`url(#id)`). At-rules go, except `@media` around
 * such rules; comments go. Every scan is one pass over the text (no backtracking regular expression): a
 * tenant's stylesheet costs time in proportion to its length.
 */

/** SVG presentation properties (SVG 2, section "Styling"), plus the font and text ones logos use. */
const SAFE_PROPERTIES = new Set([
  'alignment-baseline',
  'baseline-shift',
  'clip-path',
  'clip-rule',
  'color',
  'color-interpolation',
  'color-interpolation-filters',
  'direction',
  'display',
  'dominant-baseline',
  'fill',
  'fill-opacity',
  'fill-rule',
  'filter',
  'flood-color',
  'flood-opacity',
  'font',
  'font-family',
  'font-size',
  'font-size-adjust',
  'font-stretch',
  'font-style',
  'font-variant',
  'font-weight',
  'image-rendering',
  'isolation',
  'letter-spacing',
  'lighting-color',
  'marker',
  'marker-end',
  'marker-mid',
  'marker-start',
  'mask',
  'mix-blend-mode',
  'opacity',
  'overflow',
  'paint-order',
  'shape-rendering',
  'stop-color',
  'stop-opacity',
  'stroke',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-opacity',
  'stroke-width',
  'text-anchor',
  'text-decoration',
  'text-rendering',
  'transform',
  'transform-box',
  'transform-origin',
  'unicode-bidi',
  'vector-effect',
  'visibility',
  'white-space',
  'word-spacing',
  'writing-mode',
]);

/** Functions a value may call: colours, arithmetic, transforms, and url() (checked to point inside the file). */
const SAFE_FUNCTIONS = new Set([
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'calc',
  'min',
  'max',
  'clamp',
  'matrix',
  'translate',
  'translatex',
  'translatey',
  'scale',
  'scalex',
  'scaley',
  'rotate',
  'skewx',
  'skewy',
  'url',
]);

const VALUE_CHARS = /^[A-Za-z0-9_\s#%.,+\-*()'"!/]*$/;
const SELECTOR_CHARS = /^[A-Za-z0-9_\s.#,>+~*:()[\]="'|^$-]+$/;
const MEDIA_PRELUDE = /^@media[A-Za-z0-9_\s(),:.-]*$/i;
const INTERNAL_URL = /^\s*(['"]?)#[A-Za-z_][\w.-]*\1\s*$/;
const IDENT_CHAR = /[A-Za-z0-9_-]/;

/** True when `value` may stay as a CSS value or a presentation attribute. One pass: every character is read once. */
export function isSafeCssValue(value: string): boolean {
  if (!VALUE_CHARS.test(value)) return false;
  let nameStart = -1;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (IDENT_CHAR.test(c)) {
      if (nameStart < 0) nameStart = i;
      continue;
    }
    const name = nameStart < 0 ? '' : value.slice(nameStart, i).toLowerCase();
    nameStart = -1;
    if (c !== '(' || name === '') continue; // a bare parenthesis, as in calc((1px + 2px) * 2)
    if (!SAFE_FUNCTIONS.has(name)) return false;
    if (name === 'url') {
      const close = closeOfUrl(value, i);
      if (close < 0 || !INTERNAL_URL.test(value.slice(i + 1, close))) return false;
      i = close;
    }
  }
  return true;
}

/** Index of the `)` ending the url( whose parenthesis is at `open`; -1 when another `(` or the end comes first. */
function closeOfUrl(value: string, open: number): number {
  for (let i = open + 1; i < value.length; i++) {
    if (value[i] === ')') return i;
    if (value[i] === '(') return -1;
  }
  return -1;
}

/** A style attribute (or a rule's body) with only the safe declarations, as `property:value;...`. */
export function cleanDeclarations(css: string): string {
  const kept: string[] = [];
  for (const declaration of splitTopLevel(withoutComments(css), ';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (SAFE_PROPERTIES.has(property) && value !== '' && isSafeCssValue(value)) kept.push(`${property}:${value}`);
  }
  return kept.join(';');
}

/** A style element's text with only the safe rules, re-serialised as `selector{declarations}`. */
export function cleanStylesheet(css: string): string {
  return cleanRules(withoutComments(css), 0);
}

function cleanRules(css: string, depth: number): string {
  const out: string[] = [];
  let i = 0;
  while (i < css.length) {
    const end = nextOf(css, i, '{', ';');
    if (end < 0) break;
    const prelude = css.slice(i, end).trim();
    if (css[end] === ';') {
      i = end + 1; // a statement (@import, @charset, stray text): never kept
      continue;
    }
    const close = matchingBrace(css, end);
    const body = css.slice(end + 1, close < 0 ? css.length : close);
    i = close < 0 ? css.length : close + 1;
    const rule = cleanRule(prelude, body, depth);
    if (rule) out.push(rule);
  }
  return out.join('');
}

function cleanRule(prelude: string, body: string, depth: number): string | null {
  if (prelude.startsWith('@')) {
    if (depth > 0 || !MEDIA_PRELUDE.test(prelude)) return null;
    const inner = cleanRules(body, depth + 1);
    return inner ? `${prelude}{${inner}}` : null;
  }
  if (!SELECTOR_CHARS.test(prelude) || body.includes('{')) return null;
  const declarations = cleanDeclarations(body);
  return declarations ? `${prelude}{${declarations}}` : null;
}

/** The text without `/* ... *\/` comments (an unclosed one runs to the end). */
function withoutComments(css: string): string {
  let out = '';
  let i = 0;
  for (let open = css.indexOf('/*'); open >= 0; open = css.indexOf('/*', i)) {
    out += css.slice(i, open);
    const close = css.indexOf('*/', open + 2);
    i = close < 0 ? css.length : close + 2;
  }
  return out + css.slice(i);
}

/** Index of the first of `a` or `b` at or after `from`, outside quotes; -1 when neither. */
function nextOf(css: string, from: number, a: string, b: string): number {
  for (let i = from; i < css.length; i++) {
    const c = css[i]!;
    if (c === a || c === b) return i;
    if (c === '"' || c === "'") i = endOfString(css, i);
  }
  return -1;
}

/** Index of the brace closing the one at `open` (nested braces and quotes skipped); -1 when it never closes. */
function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i]!;
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
    else if (c === '"' || c === "'") i = endOfString(css, i);
  }
  return -1;
}

/** Index of the quote closing the string that starts at `open` (CSS strings also end at a line break). */
function endOfString(css: string, open: number): number {
  const quote = css[open]!;
  for (let i = open + 1; i < css.length; i++) {
    const c = css[i]!;
    if (c === quote || c === '\n') return i;
  }
  return css.length;
}

/** `css` split at `separator` outside quotes and parentheses. */
function splitTopLevel(css: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i]!;
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === '"' || c === "'") i = endOfString(css, i);
    else if (c === separator && depth === 0) {
      parts.push(css.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(css.slice(start));
  return parts;
}
