/**
 * The lexicon's compiled patterns share one pair of word-boundary checks among their terms (fast to compile):
 * they must match exactly the texts, at exactly the places, that one pattern per term (termPattern) matches.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/facts/language/lexicon.js';
import { languagesOf, linkPatternFor, patternFor, termPattern, type WordKind } from '../../../shared/facts/language/match.js';

const KINDS: WordKind[] = ['about', 'contact', 'byline', 'dated', 'faq', 'questions', 'javascript', 'comments'];
const LANGS = [null, 'en', ...LANGUAGES.map((l) => l.code)];

/** Each term alone, glued to letters, between words, upper-cased, with its spaces doubled, and ordinary texts. */
function samples(terms: readonly string[]): string[] {
  const out = ['Link 1', 'Coffee on Wikipedia', 'Read more', '', '   ', 'aboutus', 'recontact', 'Contact-us', '12 Comments'];
  for (const term of terms) {
    const bare = term.replace(/^\^/, '').replace(/\$$/, '');
    out.push(
      bare,
      `x${bare}`,
      `${bare}y`,
      `a ${bare} b`,
      `  ${bare.toUpperCase()}  `,
      bare.replace(/ /g, '  '),
      `${bare}, more`,
      `1${bare}2`,
    );
  }
  return out;
}

/** The reference: every term as its own pattern, tried one after another; the leftmost place any matches. */
function reference(terms: readonly string[]): (text: string) => number {
  const patterns = terms.map((t) => new RegExp(termPattern(t), 'iu'));
  return (text) => Math.min(...patterns.map((p) => p.exec(text)?.index ?? Infinity));
}

function indexOf(pattern: RegExp, text: string): number {
  return pattern.exec(text)?.index ?? Infinity;
}

describe('lexicon patterns', () => {
  it('patternFor matches where one pattern per term matches, for every kind and language set', () => {
    const wrong: string[] = [];
    for (const lang of LANGS) {
      const languages = languagesOf(lang);
      for (const kind of KINDS) {
        const terms = [...new Set(languages.flatMap((l) => l[kind]))];
        const expected = reference(terms);
        const pattern = patternFor(kind, languages);
        for (const text of samples(terms)) if (indexOf(pattern, text) !== expected(text)) wrong.push(`${kind} ${lang} ${text}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('linkPatternFor matches where one pattern per term matches, with the unanchored terms of every language', () => {
    const wrong: string[] = [];
    for (const lang of LANGS) {
      for (const kind of ['about', 'contact'] as const) {
        const anywhere = LANGUAGES.flatMap((l) => l[kind]).filter((t) => !t.startsWith('^') && !t.endsWith('$'));
        const terms = [...new Set([...languagesOf(lang).flatMap((l) => l[kind]), ...anywhere])];
        const expected = reference(terms);
        const pattern = linkPatternFor(kind, lang);
        for (const text of samples(terms)) if (indexOf(pattern, text) !== expected(text)) wrong.push(`${kind} ${lang} ${text}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('finds a term in the middle of a link text and not inside a longer word', () => {
    expect(linkPatternFor('about', 'en').test('Learn more about us today')).toBe(true);
    expect(linkPatternFor('contact', 'en').test('Contactless payments')).toBe(false);
  });
});
