import { browser } from 'wxt/browser';
import type english from '../../public/_locales/en/messages.json';

/**
 * The extension's text. Every user-facing string is a message in extension/public/_locales/<lang>/messages.json
 * (the WebExtension format: English is the default locale; German, French and Spanish ship beside it) and is
 * read through `t(key, ...subs)`. The browser picks the catalogue from its UI language and falls back to
 * English for a key a catalogue lacks. See docs/extension.md#translating.
 */
export type MessageKey = keyof typeof english;

/** Keys that come in `_one` / `_other` pairs: their base, for `tp()`. */
export type PluralKey = MessageKey extends infer K ? (K extends `${infer Base}_other` ? Base : never) : never;

/** A substitution: numbers are formatted for the user's locale ("1,234" / "1.234"). */
export type Sub = string | number;

interface CatalogueEntry {
  message: string;
  placeholders?: Record<string, { content: string }>;
}
type Catalogue = Record<string, CatalogueEntry>;

/** English as data, for where the browser's i18n API is absent (unit tests register it; see setFallbackMessages). */
let fallback: Catalogue | null = null;

/** Registers the English catalogue for contexts without `browser.i18n` (the unit tests' fake browser). */
export function setFallbackMessages(catalogue: Catalogue | null): void {
  fallback = catalogue;
}

/** Chrome's substitution rules applied to a catalogue entry: named $PLACEHOLDER$s, then $1..$9, then $$. */
export function substitute(entry: CatalogueEntry, subs: readonly string[]): string {
  const named = Object.fromEntries(Object.entries(entry.placeholders ?? {}).map(([k, v]) => [k.toLowerCase(), v.content]));
  const positional = (text: string) => text.replace(/\$(\d)/g, (_m, d: string) => subs[Number(d) - 1] ?? '');
  return entry.message
    .replace(/\$([A-Za-z0-9_@]+)\$/g, (m, name: string) => {
      const content = named[name.toLowerCase()];
      return content === undefined ? m : positional(content);
    })
    .replace(/\$\$/g, '$');
}

function lookUp(key: string, subs: readonly string[]): string {
  let text = '';
  try {
    // WXT types getMessage with the English keys; plural keys are built from their base here, hence the cast.
    text = (browser.i18n.getMessage as (name: string, subs?: string[]) => string)(key, subs.length ? [...subs] : undefined);
  } catch {
    // No i18n API here (a unit test's fake browser): the registered English catalogue answers.
  }
  if (!text && fallback?.[key]) text = substitute(fallback[key], subs);
  return text;
}

/**
 * The locale for dates and numbers: the language the text is in, with the browser's region where it speaks that
 * language ("de-AT", "en-GB"), so a German page never shows American dates. (Chromium's getUILanguage() can say
 * "en-US" while the German catalogue is shown, so the catalogue decides the language.)
 */
export function uiLocale(): string {
  const lang = catalogueLanguage();
  const candidates: string[] = [];
  try {
    candidates.push(browser.i18n.getUILanguage());
  } catch {
    // Unit tests: no i18n API.
  }
  if (typeof navigator !== 'undefined') candidates.push(...(navigator.languages ?? []), navigator.language);
  return candidates.find((c) => c && c.split('-')[0]!.toLowerCase() === lang) ?? lang;
}

const numbers = new Map<string, Intl.NumberFormat>();
/** 1234 → "1,234" in English, "1.234" in German. */
export function formatNumber(n: number): string {
  const locale = uiLocale();
  let f = numbers.get(locale);
  if (!f) numbers.set(locale, (f = new Intl.NumberFormat(locale)));
  return f.format(n);
}

const asText = (s: Sub) => (typeof s === 'number' ? formatNumber(s) : s);

/** The message `key` in the user's language, with `subs` in its placeholders ($1, $2, ... in order). */
export function t(key: MessageKey, ...subs: Sub[]): string {
  return lookUp(key, subs.map(asText)) || key;
}

const plurals = new Map<string, Intl.PluralRules>();
/**
 * A counted message: `tp('pages', 3)` reads `pages_other` ("3 pages"), `tp('pages', 1)` `pages_one`. The count is
 * the first substitution ($1); `subs` follow it. Categories other than one/other (French "many") use `_other`.
 */
export function tp(base: PluralKey, count: number, ...subs: Sub[]): string {
  // The catalogue's own language decides: English text read by a Portuguese browser counts like English.
  const lang = catalogueLanguage();
  let rules = plurals.get(lang);
  if (!rules) plurals.set(lang, (rules = new Intl.PluralRules(lang)));
  const category = rules.select(count);
  const all = [count, ...subs].map(asText);
  return lookUp(`${base}_${category === 'one' ? 'one' : 'other'}`, all) || lookUp(`${base}_other`, all) || base;
}

/** The language of the catalogue the browser chose ("en", "de", "fr", "es"): its `language` message. */
export function catalogueLanguage(): string {
  return lookUp('language', []) || 'en';
}

/** Sets <html lang> to the language the page is written in, for screen readers and hyphenation. */
export function applyDocumentLanguage(doc: Document = document): void {
  doc.documentElement.lang = catalogueLanguage();
}
