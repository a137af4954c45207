/**
 * Bylines written as plain text: "Posted by Jane Doe", "Door Pieter de Vries", "Autor: Jan Novák", or a
 * name with its @handle, in a post's header or footer, a meta line, or right under the page's title, where
 * no class names an author. Words in the page's languages (docs/research/languages.md).
 */
import type { PageFacts } from './fact-types.js';
import { languagesOf } from './language/match.js';
import { termPattern } from './language/match.js';

/** Under the title a byline opens the text; this much of what follows the H1 is read. */
const UNDER_TITLE_CHARS = 160;
const MAX_NAME_CHARS = 80;

/** "Photo by", "Powered by": a credit or a vendor, not the author. */
const NOT_AUTHOR_BEFORE =
  /(photo|photos|photograph|image|images|illustration|illustrations|video|graphic|graphics|design|designed|map|chart|art|artwork|powered|hosted|sponsored|supported|funded|presented|brought|made|translated|edited|reviewed|foto|bild|fotos)\s*$/i;
const MID_SENTENCE = /\p{Ll}\s*$/u;
const PARTICLE = '(?:(?:van|von|de|der|den|da|das|do|dos|du|del|della|di|la|le|ten|ter|bin|al|el)\\s+)?';
const CASED_WORD = "\\p{Lu}[\\p{L}\\p{M}'’.-]*";
const CASED_NAME = `${CASED_WORD}(?:\\s+${PARTICLE}${CASED_WORD}){0,3}`;
/** Scripts without case (Chinese, Japanese, Korean, Arabic, Persian): a short run of letters. */
const UNCASED_NAME = '\\p{Lo}[\\p{Lo}\\p{M}·・]{0,11}(?:\\s\\p{Lo}[\\p{Lo}\\p{M}]{0,11})?';
const HANDLE = '@[A-Za-z0-9_.]{2,30}';
const NAME = `(${CASED_NAME}|${UNCASED_NAME}|${HANDLE})`;
/** A name followed by its @handle, with or without brackets: "Jane Doe (@jane)", "Jane Doe @jane". */
const NAME_WITH_HANDLE = new RegExp(`(${CASED_NAME})\\s*\\(?(${HANDLE})\\b`, 'u');

const cache = new Map<string, RegExp>();

function bylinePattern(lang: string | null): RegExp {
  const languages = languagesOf(lang);
  const key = languages.map((l) => l.code).join(',');
  let pattern = cache.get(key);
  if (!pattern) {
    const terms = [...new Set(languages.flatMap((l) => l.byline))].sort((a, b) => b.length - a.length);
    // Case matters for the name, not for the word before it: (?i:) is not available everywhere, so both cases are spelled.
    const words = terms.map((t) => caseless(termPattern(t))).join('|');
    pattern = new RegExp(`(?:${words})\\s*[:：／/]?\\s*${NAME}`, 'gu');
    cache.set(key, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

/** A pattern whose letters match either case, leaving escapes and classes alone. */
function caseless(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      // An escape such as \s or \p{L}: copy it whole.
      const end = pattern[i + 1] === 'p' ? pattern.indexOf('}', i) + 1 : i + 2;
      out += pattern.slice(i, end);
      i = end - 1;
      continue;
    }
    const lower = c.toLowerCase();
    const upper = c.toUpperCase();
    out += lower !== upper && lower.length === 1 && upper.length === 1 ? `[${lower}${upper}]` : c;
  }
  return out;
}

/** Author names in the text, as a byline states them; the first few. */
export function bylinesIn(text: string, lang: string | null, opening = false): string[] {
  const names: string[] = [];
  const pattern = bylinePattern(lang);
  for (let m = pattern.exec(text); m && names.length < 3; m = pattern.exec(text)) {
    const before = text.slice(Math.max(0, m.index - 24), m.index);
    if (NOT_AUTHOR_BEFORE.test(before)) continue;
    // Under the title, mid-sentence ("was founded by Jane Doe") is the article speaking, not a byline.
    if (opening && MID_SENTENCE.test(before)) continue;
    names.push(m[1]!.slice(0, MAX_NAME_CHARS));
  }
  const handle = NAME_WITH_HANDLE.exec(opening ? text.slice(0, UNDER_TITLE_CHARS) : text);
  if (handle) names.push(`${handle[1]} ${handle[2]}`);
  return names;
}

/** Plain-text bylines of the page: meta lines of the content, and the opening of the text under the H1. */
export function visibleBylines(facts: PageFacts): string[] {
  const names: string[] = [];
  for (const text of facts.content.metaTexts) names.push(...bylinesIn(text, facts.lang));
  const title = facts.headings.find((h) => h.level === 1 && h.region === 'content');
  if (title) names.push(...bylinesIn(title.following.slice(0, UNDER_TITLE_CHARS), facts.lang, true));
  return [...new Set(names)];
}
