/**
 * `createTranslator(lang)`: the report's words and numbers in one language. `t(key, vars)` fills `{placeholders}`
 * (numbers written in the language); a plural message picks its form by `vars.count` through Intl.PluralRules.
 * A key missing from a catalogue cannot happen (the catalogues are typed against English); a placeholder without
 * a value stays as written, so a mistake shows rather than vanishes.
 */
import { de } from './messages/de.js';
import { en } from './messages/en.js';
import { es } from './messages/es.js';
import { fr } from './messages/fr.js';
import type { Catalogue, MessageKey } from './catalogue.js';
import { formatDate, formatDateTime, formatNumber, formatPercent, formatShortDate, formatShortDateTime } from './format.js';
import { DEFAULT_LANGUAGE, LOCALES, type ReportLanguage } from './languages.js';
import { PLACEHOLDER, type Message, type MessageVars } from './message.js';

export const CATALOGUES: Readonly<Record<ReportLanguage, Catalogue>> = { en, de, fr, es };

export interface Translator {
  readonly lang: ReportLanguage;
  /** The Intl locale of `lang` (`de-DE`). */
  readonly locale: string;
  t(key: MessageKey, vars?: MessageVars): string;
  /** Whether the catalogue has `key` (a key made from data: a category or status name). */
  has(key: string): boolean;
  /** The message split at its placeholders: text, then `{ name }` for each placeholder (markup fills them). */
  parts(key: MessageKey): Array<string | { name: string }>;
  date(iso: string): string;
  dateTime(iso: string): string;
  shortDate(iso: string): string;
  shortDateTime(iso: string): string;
  number(value: number): string;
  percent(share: number): string;
}

function fill(text: string, lang: ReportLanguage, vars: MessageVars | undefined): string {
  if (!vars) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(lang, value) : value;
  });
}

function pick(message: Message, rules: Intl.PluralRules, vars: MessageVars | undefined): string {
  if (typeof message === 'string') return message;
  const count = Number(vars?.count ?? 0);
  return message[rules.select(count)] ?? message.other;
}

const made = new Map<ReportLanguage, Translator>();

export function createTranslator(lang: ReportLanguage = DEFAULT_LANGUAGE): Translator {
  const known = made.get(lang);
  if (known) return known;
  const catalogue = CATALOGUES[lang] ?? CATALOGUES.en;
  let rules: Intl.PluralRules | null = null;
  const plurals = () => (rules ??= new Intl.PluralRules(LOCALES[lang]));
  // A key made from data that no catalogue has reads as itself.
  const message = (key: MessageKey): Message => catalogue[key] ?? CATALOGUES.en[key] ?? key;
  const translator: Translator = {
    lang,
    locale: LOCALES[lang],
    t: (key, vars) => {
      const m = message(key);
      return fill(typeof m === 'string' ? m : pick(m, plurals(), vars), lang, vars);
    },
    has: (key) => Object.hasOwn(catalogue, key),
    parts: (key) => {
      const m = message(key);
      const text = typeof m === 'string' ? m : m.other;
      return text.split(/(\{[a-zA-Z][a-zA-Z0-9]*\})/).map((s) => (/^\{.+\}$/.test(s) ? { name: s.slice(1, -1) } : s));
    },
    date: (iso) => formatDate(lang, iso),
    dateTime: (iso) => formatDateTime(lang, iso),
    shortDate: (iso) => formatShortDate(lang, iso),
    shortDateTime: (iso) => formatShortDateTime(lang, iso),
    number: (value) => formatNumber(lang, value),
    percent: (share) => formatPercent(lang, share),
  };
  made.set(lang, translator);
  return translator;
}
