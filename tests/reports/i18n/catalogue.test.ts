/**
 * The reports' message catalogue: every language has every key, the same placeholders and the plural forms its
 * language needs; language negotiation; dates and numbers in the language.
 */
import { describe, expect, it } from 'vitest';
import {
  CATALOGUES,
  createTranslator,
  formatDateTime,
  formatNumber,
  languageFromAcceptLanguage,
  LOCALES,
  matchLanguage,
  negotiateLanguage,
  REPORT_LANGUAGES,
  type Message,
} from '../../../shared/i18n/index.js';
import { placeholders } from '../../../shared/i18n/message.js';

const forms = (m: Message): string[] => (typeof m === 'string' ? [m] : Object.values(m).filter((v): v is string => typeof v === 'string'));
const holes = (m: Message) => [...new Set(forms(m).flatMap(placeholders))].sort();

describe('the report catalogues', () => {
  const en = CATALOGUES.en as Record<string, Message>;

  for (const lang of REPORT_LANGUAGES.filter((l) => l !== 'en')) {
    const catalogue = CATALOGUES[lang] as Record<string, Message>;

    it(`${lang} has exactly the English keys`, () => {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    });

    it(`${lang} keeps every placeholder of each English message`, () => {
      const mismatched = Object.keys(en).filter((key) => JSON.stringify(holes(catalogue[key]!)) !== JSON.stringify(holes(en[key]!)));
      expect(mismatched).toEqual([]);
    });

    it(`${lang} writes a plural message where English has one, with the forms ${lang} needs`, () => {
      const needed = new Intl.PluralRules(LOCALES[lang]).resolvedOptions().pluralCategories.filter((c) => c === 'one' || c === 'other');
      const wrong = Object.keys(en).filter((key) => {
        const m = catalogue[key]!;
        if (typeof en[key] === 'string') return typeof m !== 'string';
        return typeof m === 'string' || needed.some((c) => typeof (m as unknown as Record<string, unknown>)[c] !== 'string');
      });
      expect(wrong).toEqual([]);
    });

    it(`${lang} leaves no message empty`, () => {
      expect(Object.keys(catalogue).filter((key) => forms(catalogue[key]!).some((f) => f.trim() === ''))).toEqual([]);
    });
  }
});

describe('createTranslator', () => {
  it('fills placeholders and writes numbers in the language', () => {
    expect(createTranslator('en').t('crawl.pages', { count: 1234 })).toBe('1,234 pages');
    expect(createTranslator('de').t('crawl.pages', { count: 1234 })).toBe('1.234 Seiten');
    expect(createTranslator('de').t('footer.preparedBy', { name: 'Nord' })).toBe('Erstellt von Nord');
  });

  it('picks the plural form by Intl.PluralRules', () => {
    expect(createTranslator('en').t('crawl.pages', { count: 1 })).toBe('1 page');
    expect(createTranslator('fr').t('crawl.pages', { count: 0 })).toBe('0 page'); // French: 0 is singular
    expect(createTranslator('es').t('crawl.pages', { count: 2 })).toBe('2 páginas');
  });

  it('splits a message at its placeholders for markup', () => {
    expect(createTranslator('de').parts('page.ofPages')).toEqual(['Seite ', { name: 'page' }, ' von ', { name: 'pages' }, '']);
  });
});

describe('language negotiation', () => {
  it('matches a tag exactly or by its primary subtag', () => {
    expect(matchLanguage('de')).toBe('de');
    expect(matchLanguage('de-AT')).toBe('de');
    expect(matchLanguage('ES-mx')).toBe('es');
    expect(matchLanguage('pt-BR')).toBeNull();
    expect(matchLanguage('d e')).toBeNull();
    expect(matchLanguage('')).toBeNull();
  });

  it('reads Accept-Language by quality', () => {
    expect(languageFromAcceptLanguage('pt-BR, fr;q=0.8, de;q=0.9')).toBe('de');
    expect(languageFromAcceptLanguage('*')).toBeNull();
    expect(languageFromAcceptLanguage('de;q=0, en-US')).toBe('en');
  });

  it('prefers ?lang=, then branding, then Accept-Language, then English', () => {
    expect(negotiateLanguage({ query: 'fr', branding: 'de', acceptLanguage: 'es' })).toEqual({
      lang: 'fr',
      source: 'query',
      unsupported: null,
    });
    expect(negotiateLanguage({ branding: 'de', acceptLanguage: 'es' }).lang).toBe('de');
    expect(negotiateLanguage({ acceptLanguage: 'es-ES,es;q=0.9' }).lang).toBe('es');
    expect(negotiateLanguage({})).toEqual({ lang: 'en', source: 'default', unsupported: null });
    expect(negotiateLanguage({ query: 'xx', branding: 'de' })).toEqual({ lang: 'de', source: 'branding', unsupported: 'xx' });
  });
});

describe('dates and numbers', () => {
  const iso = '2026-11-21T10:05:00Z';
  it('writes one date-and-time form per language, in UTC unless told', () => {
    expect(formatDateTime('en', iso)).toBe('21 November 2026, 10:05 UTC');
    expect(formatDateTime('de', iso)).toBe('21. November 2026, 10:05 UTC');
    expect(formatDateTime('fr', iso)).toBe('21 novembre 2026, 10:05 UTC');
    expect(formatDateTime('es', iso)).toBe('21 de noviembre de 2026, 10:05 UTC');
    expect(formatDateTime('de', iso, 'Europe/Berlin')).toBe('21. November 2026, 11:05 MEZ');
  });

  it('groups digits the way the language does', () => {
    expect(formatNumber('en', 12345)).toBe('12,345');
    expect(formatNumber('de', 12345)).toBe('12.345');
    expect(formatNumber('fr', 12345).replace(/\s/g, ' ')).toBe('12 345');
  });
});
