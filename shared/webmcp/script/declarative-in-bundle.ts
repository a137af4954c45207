/**
 * Declarative WebMCP compiled into JavaScript: JSX/Vue props `{toolname:"x",tooldescription:"y"}`,
 * Angular attribute arrays `["toolname","x","tooldescription","y"]`, and HTML kept as strings by
 * Svelte, Vue static hoisting or Lit templates (`<form toolname="x" tooldescription="y">`).
 * Each search is led by a literal word, so it costs little on large bundles.
 */
export interface DeclarativeHit {
  /** Offset of the `toolname` word (or of `<form` for HTML in a string). */
  offset: number;
  name: string;
  description?: string;
}

// `toolname` then `:` (object key) or `,` (attribute array), then the quoted name.
const ATTR_PAIR = /toolname(["'`]?)\s*[:,]\s*(["'`])([A-Za-z0-9_.-]{1,128})\2/g;
const DESCRIPTION_PAIR = /tooldescription["'`]?\s*[:,]\s*(["'`])([^"'`\\]{0,240})\1/;
const FORM_TAG = /<form\b[^<>]{0,1000}?\btoolname\s*=\s*\\?["']?([A-Za-z0-9_.-]{1,128})(?![A-Za-z0-9_.-])/g;
const TAG_MAX = 2000;
const DESCRIPTION_ATTR = /\btooldescription\s*=\s*\\?(["'])((?:(?!\\?\1)[^<>]){0,240})/i;
// Attribute names themselves, as in `attributeFilter:["toolname","tooldescription"]` of a polyfill.
const ATTRIBUTE_NAMES = new Set(['toolname', 'tooldescription', 'toolautosubmit', 'toolparamdescription', 'toolparamtitle']);
const DESCRIPTION_WINDOW = 600;

export function findDeclarativeInBundle(src: string, limit: number): DeclarativeHit[] {
  const hits: DeclarativeHit[] = [];
  ATTR_PAIR.lastIndex = 0;
  for (let m = ATTR_PAIR.exec(src); m && hits.length < limit; m = ATTR_PAIR.exec(src)) {
    const name = m[3]!;
    const before = src.charAt(m.index - 1);
    // A quoted key opens with the same quote; a bare key is a whole word.
    if (m[1] ? before !== m[1] : /[\w$"'`]/.test(before)) continue;
    if (ATTRIBUTE_NAMES.has(name)) continue;
    const around = src.slice(Math.max(0, m.index - DESCRIPTION_WINDOW), m.index + DESCRIPTION_WINDOW);
    if (!around.includes('tooldescription')) continue;
    const hit: DeclarativeHit = { offset: m.index, name };
    const description = DESCRIPTION_PAIR.exec(around)?.[2];
    if (description) hit.description = description;
    hits.push(hit);
  }
  FORM_TAG.lastIndex = 0;
  for (let m = FORM_TAG.exec(src); m && hits.length < limit; m = FORM_TAG.exec(src)) {
    const close = src.indexOf('>', m.index);
    const tag = src.slice(m.index, close === -1 ? m.index + TAG_MAX : Math.min(close, m.index + TAG_MAX));
    const description = DESCRIPTION_ATTR.exec(tag);
    if (!description) continue;
    const hit: DeclarativeHit = { offset: m.index, name: m[1]! };
    if (description[2]) hit.description = description[2];
    hits.push(hit);
  }
  return hits;
}

const ANGULAR_SIGNAL_FORM = /experimentalWebMcpTool\s*:\s*\{/g;

/** Angular Signal Forms `experimentalWebMcpTool: {…}`: offsets of the `{`. */
export function findAngularSignalForms(src: string, limit: number): number[] {
  const offsets: number[] = [];
  ANGULAR_SIGNAL_FORM.lastIndex = 0;
  for (let m = ANGULAR_SIGNAL_FORM.exec(src); m && offsets.length < limit; m = ANGULAR_SIGNAL_FORM.exec(src)) {
    offsets.push(m.index + m[0].length - 1);
  }
  return offsets;
}
