/**
 * Matching the lexicon's words in page text. A page is read in English plus its own language (the
 * primary subtag of `<html lang>`); a page that declares no language, or one the lexicon lacks, is read in
 * every language of the lexicon. Patterns are compiled once per language set and kind.
 */
import { LANGUAGES, type LanguageWords } from './lexicon.js';

export type WordKind = 'about' | 'contact' | 'byline' | 'dated' | 'faq' | 'questions' | 'javascript' | 'comments';

const BY_CODE = new Map(LANGUAGES.map((l) => [l.code, l]));
const ENGLISH = BY_CODE.get('en')!;
/** Scripts written without spaces between words: a term there has no word boundary to respect. */
const UNSPACED = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
const cache = new Map<string, RegExp>();

/** The languages a page is read in: English and its own, or all of them when its language is unknown. */
export function languagesOf(lang: string | null | undefined): readonly LanguageWords[] {
  const code = (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const own = BY_CODE.get(code);
  if (!own) return LANGUAGES;
  return own === ENGLISH ? [ENGLISH] : [ENGLISH, own];
}

/** English and the page's own language; English alone when the page declares none the lexicon knows. */
export function ownLanguages(lang: string | null | undefined): readonly LanguageWords[] {
  const languages = languagesOf(lang);
  return languages === LANGUAGES ? [ENGLISH] : languages;
}

/** Key of a language set, for caches. */
function keyOf(languages: readonly LanguageWords[]): string {
  return languages === LANGUAGES ? '*' : languages.map((l) => l.code).join(',');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One term as a pattern: whole words anywhere, `^` / `$` anchored to the text's ends, unspaced scripts anywhere. */
export function termPattern(term: string): string {
  const start = term.startsWith('^');
  const end = term.endsWith('$');
  const body = escape(term.slice(start ? 1 : 0, end ? -1 : undefined)).replace(/ /g, '\\s+');
  const unspaced = UNSPACED.test(term);
  const before = start ? '^\\s*' : unspaced ? '' : '(?<![\\p{L}\\p{N}])';
  const after = end ? '\\s*$' : unspaced ? '' : '(?![\\p{L}\\p{N}])';
  return `${before}${body}${after}`;
}

/**
 * One case-insensitive pattern matching any of `terms` (as termPattern reads each). The terms that need a
 * word boundary on both sides share one pair of boundary checks instead of one pair each: the same strings
 * match at the same places, but a Unicode letter class under `iu` costs V8 about a millisecond to compile per
 * copy, and a lexicon kind has over a hundred terms (150 ms to compile the pattern, then 10x slower per test).
 */
function alternation(terms: readonly string[]): RegExp {
  const bounded: string[] = [];
  const others: string[] = [];
  for (const term of terms) {
    if (term.startsWith('^') || term.endsWith('$') || UNSPACED.test(term)) others.push(termPattern(term));
    else bounded.push(escape(term).replace(/ /g, '\\s+'));
  }
  if (bounded.length) others.push(`(?<![\\p{L}\\p{N}])(?:${bounded.join('|')})(?![\\p{L}\\p{N}])`);
  return new RegExp(others.join('|'), 'iu');
}

/** A case-insensitive pattern matching any term of `kind` in the given languages. */
export function patternFor(kind: WordKind, languages: readonly LanguageWords[]): RegExp {
  const key = `${kind}|${keyOf(languages)}`;
  let pattern = cache.get(key);
  if (!pattern) {
    const terms = [...new Set(languages.flatMap((l) => l[kind]))].sort((a, b) => b.length - a.length);
    pattern = alternation(terms);
    cache.set(key, pattern);
  }
  return pattern;
}

/** True when `text` holds a term of `kind` in the page's languages. */
export function mentions(kind: WordKind, text: string, lang: string | null | undefined): boolean {
  return patternFor(kind, languagesOf(lang)).test(text);
}

/**
 * For link texts: every term of the page's languages, and the unanchored terms of every language (an
 * English page's footer may still say "Über uns"; an anchored "^over" is Dutch only on a Dutch page).
 */
export function linkPatternFor(kind: 'about' | 'contact', lang: string | null | undefined): RegExp {
  const languages = languagesOf(lang);
  const key = `link-${kind}|${keyOf(languages)}`;
  let pattern = cache.get(key);
  if (!pattern) {
    const anywhere = LANGUAGES.flatMap((l) => l[kind]).filter((t) => !t.startsWith('^') && !t.endsWith('$'));
    const terms = [...new Set([...languages.flatMap((l) => l[kind]), ...anywhere])].sort((a, b) => b.length - a.length);
    pattern = alternation(terms);
    cache.set(key, pattern);
  }
  return pattern;
}

/** True when the text asks the reader to turn JavaScript on, in any language of the lexicon. */
export function asksForJavaScript(text: string): boolean {
  return patternFor('javascript', LANGUAGES).test(text);
}

/** Path slugs of a kind's terms in every language ("sobre nós" → "sobre-nos"), for matching URL paths. */
export function slugsFor(kind: 'about' | 'contact'): ReadonlySet<string> {
  return kind === 'about' ? ABOUT_SLUGS : CONTACT_SLUGS;
}

function slugs(kind: 'about' | 'contact'): Set<string> {
  const out = new Set<string>();
  for (const l of LANGUAGES) {
    for (const term of l[kind]) {
      const slug = term
        .replace(/^\^|\$$/g, '')
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/['’]/g, '')
        .trim()
        .replace(/\s+/g, '-');
      if (/^[a-z0-9-]+$/.test(slug) && slug.length > 2) out.add(slug);
    }
  }
  return out;
}

const ABOUT_SLUGS = slugs('about');
const CONTACT_SLUGS = slugs('contact');

/** True when a heading is the title of a comment section: "Comments", "12 Comments", "Kommentare (3)", "Leave a Reply". */
export function isCommentsHeading(text: string, lang: string | null | undefined): boolean {
  const languages = languagesOf(lang);
  const key = `comments-heading|${keyOf(languages)}`;
  let pattern = cache.get(key);
  if (!pattern) {
    const terms = [...new Set(languages.flatMap((l) => l.comments))].sort((a, b) => b.length - a.length);
    const body = terms.map((t) => escape(t).replace(/ /g, '\\s+')).join('|');
    pattern = new RegExp(`^\\s*(?:\\d+\\s*)?(?:${body})\\s*(?:\\(\\d+\\)|\\d+)?\\s*[:.]?\\s*$`, 'iu');
    cache.set(key, pattern);
  }
  return pattern.test(text);
}

/** True when a heading introduces frequently asked questions ("FAQ", "Preguntas frecuentes", "よくある質問"). */
export function isFaqHeading(text: string, lang: string | null | undefined): boolean {
  return text.length <= 80 && mentions('faq', text, lang);
}
