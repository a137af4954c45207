import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findJsxLiterals } from './helpers/jsx-literals.js';

/** The extension's catalogues (docs/extension.md#translating) and the rule that no screen carries English of its own. */
const LOCALES = path.resolve('extension/public/_locales');
const LANGUAGES = ['de', 'en', 'es', 'fr'];

interface Entry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}
const catalogue = (lang: string): Record<string, Entry> =>
  JSON.parse(readFileSync(path.join(LOCALES, lang, 'messages.json'), 'utf8')) as Record<string, Entry>;
const english = catalogue('en');

/** Messages that read the same as the English in that language (names, codes); any other copy is untranslated. */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  de: [
    'dashColDomain',
    'dashPrompt',
    'extName',
    'navCrawls',
    'navWebhooks',
    'newProjectDomain',
    'newProjectName',
    'originServer',
    'shareLinkColon',
    'stepSitemap',
    'wbDashboard',
  ],
  fr: [
    'colPage',
    'colPages',
    'colScore',
    'dashAuditsCount_one',
    'dashAuditsCount_other',
    'dashColSite',
    'dashOptions',
    'dashPrompt',
    'dashSections',
    'dashShareIdAudit',
    'diffScore',
    'extName',
    'navAudits',
    'navWebhooks',
    'newAuditPage',
    'originExtension',
    'pagesCount_one',
    'pagesCount_other',
    'wbOptions',
  ],
  es: ['dashPrompt', 'dashWhatPrompts', 'extName', 'navWebhooks'],
};

/**
 * Files whose text is not read from the catalogue yet. Each must leave this list when converted; at the end only
 * files other work converts may stay.
 */
const NOT_YET_CONVERTED: string[] = [];

const placeholdersOf = (e: Entry) =>
  Object.fromEntries(Object.entries(e.placeholders ?? {}).map(([name, p]) => [name.toLowerCase(), p.content]));
const referenced = (message: string) => [...message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1]!.toLowerCase()).sort();

describe('the catalogues', () => {
  it('ship English, German, French and Spanish, and nothing else', () => {
    expect(readdirSync(LOCALES).sort()).toEqual(LANGUAGES);
  });

  it('English: keys a browser accepts, in order, each message used by its placeholders', () => {
    const keys = Object.keys(english);
    expect(keys.filter((k) => !/^[A-Za-z0-9_]+$/.test(k))).toEqual([]);
    // Sorted (case-insensitive): additions from parallel work land in different places of the file.
    expect(keys).toEqual([...keys].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    for (const [key, entry] of Object.entries(english)) {
      expect(entry.message.trim(), key).not.toBe('');
      expect(referenced(entry.message), key).toEqual(Object.keys(placeholdersOf(entry)).sort());
    }
    // Counted messages come in pairs (tp() in extension/lib/i18n/t.ts).
    for (const key of keys.filter((k) => /_(one|other)$/.test(k))) {
      const base = key.replace(/_(one|other)$/, '');
      expect(
        [`${base}_one`, `${base}_other`].every((k) => k in english),
        key,
      ).toBe(true);
    }
  });

  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang}: every English key and no other, the same placeholders, each message translated`, () => {
      const other = catalogue(lang);
      expect({
        missing: Object.keys(english).filter((k) => !(k in other)),
        extra: Object.keys(other).filter((k) => !(k in english)),
      }).toEqual({
        missing: [],
        extra: [],
      });
      expect(Object.keys(other)).toEqual(Object.keys(english));
      const copied: string[] = [];
      for (const [key, entry] of Object.entries(other)) {
        const en = english[key]!;
        expect(placeholdersOf(entry), `${lang} ${key}`).toEqual(placeholdersOf(en));
        expect(referenced(entry.message), `${lang} ${key}`).toEqual(referenced(en.message));
        if (entry.message === en.message && /\p{L}/u.test(en.message)) copied.push(key);
      }
      expect(copied.sort(), 'the English text: translate these, or list them in SAME_AS_ENGLISH').toEqual(SAME_AS_ENGLISH[lang]!.sort());
      expect(other.language?.message).toBe(lang);
    });
  }

  it('every __MSG_ name in the manifest is a message', () => {
    const config = readFileSync('wxt.config.ts', 'utf8');
    const names = [...config.matchAll(/__MSG_(\w+)__/g)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(2);
    expect(names.filter((n) => !(n in english))).toEqual([]);
  });
});

describe('no untranslated text on a screen', () => {
  const screens = (function walk(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? walk(path.join(dir, d.name)) : d.name.endsWith('.tsx') ? [path.join(dir, d.name)] : [],
    );
  })('extension').sort();
  const literals = (file: string) => findJsxLiterals(file, readFileSync(file, 'utf8'));

  it('finds JSX text, literal children and text attributes (the check itself)', () => {
    const found = findJsxLiterals(
      'x.tsx',
      `const a = <p title="Open it" class="big">Hello {ok ? 'Yes' : 'No'} {' '} · {n} <b aria-label={\`Score \${n}\`}>—</b> {t('x')}</p>;`,
    );
    expect(found.map((f) => f.text)).toEqual(['Open it', 'Hello', 'Yes', 'No', 'Score']);
  });

  it('converted files read every text from the catalogue', () => {
    const converted = screens.filter((f) => !NOT_YET_CONVERTED.includes(f));
    const offending = converted.flatMap((f) => literals(f).map((l) => `${f}:${l.line} ${JSON.stringify(l.text)}`));
    expect(offending).toEqual([]);
  });

  it('the report components the popup and dashboard share (shared/report/components) read theirs from the report catalogue', () => {
    const dir = 'shared/report/components';
    const shared = readdirSync(dir)
      .filter((n) => n.endsWith('.tsx'))
      .map((n) => path.join(dir, n));
    expect(shared.length).toBeGreaterThan(5);
    expect(shared.flatMap((f) => literals(f).map((l) => `${f}:${l.line} ${JSON.stringify(l.text)}`))).toEqual([]);
  });

  it('the list of files not converted yet names real files that still need it', () => {
    expect(NOT_YET_CONVERTED.filter((f) => !screens.includes(f))).toEqual([]);
    const clean = NOT_YET_CONVERTED.filter((f) => literals(f).length === 0);
    expect(clean, 'converted: remove these from NOT_YET_CONVERTED').toEqual([]);
  });
});
