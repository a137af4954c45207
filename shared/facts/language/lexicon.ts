/**
 * The heuristics' words in the 20 content languages most used on the web, in W3Techs' order (sources and
 * method in docs/research/languages.md); what each kind means is in word-types.ts.
 */
import { LATIN_WEST } from './words-latin-west.js';
import { LATIN_MORE } from './words-latin-more.js';
import { OTHER } from './words-other.js';
import type { LanguageWords } from './word-types.js';

export type { LanguageWords };

/** W3Techs' order of content languages (docs/research/languages.md). */
const RANKING = ['en', 'es', 'de', 'ja', 'fr', 'ru', 'pt', 'it', 'nl', 'pl', 'tr', 'zh', 'fa', 'vi', 'id', 'cs', 'ko', 'uk', 'ar', 'hu'];

export const LANGUAGES: readonly LanguageWords[] = RANKING.map((code) =>
  [...LATIN_WEST, ...LATIN_MORE, ...OTHER].find((l) => l.code === code)!,
);
