import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import english from '../../extension/public/_locales/en/messages.json';
import german from '../../extension/public/_locales/de/messages.json';
import { applyDocumentLanguage, catalogueLanguage, setFallbackMessages, substitute, t, tp, uiLocale } from '../../extension/lib/i18n/t.js';
import { formatDate, formatDateTime, formatDates, formatPercent, formatShortDay } from '../../extension/lib/i18n/format.js';

const i18n = fakeBrowser.i18n as unknown as { getMessage: unknown; getUILanguage: unknown };
const original = { getMessage: i18n.getMessage, getUILanguage: i18n.getUILanguage };
afterEach(() => {
  Object.assign(i18n, original);
  setFallbackMessages(english);
});

/** A browser whose UI is German: its getMessage reads the German catalogue with Chrome's rules. */
function germanBrowser() {
  const catalogue = german as Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;
  i18n.getMessage = (key: string, subs?: string | string[]) =>
    catalogue[key] ? substitute(catalogue[key], typeof subs === 'string' ? [subs] : (subs ?? [])) : '';
  i18n.getUILanguage = () => 'de';
}

describe('t()', () => {
  it('reads English in unit tests, where the fake browser has no i18n API', () => {
    expect(t('syncSynced')).toBe('Synced');
    expect(catalogueLanguage()).toBe('en');
  });

  it('reads the language the browser chose', () => {
    germanBrowser();
    expect(t('syncSynced')).toBe('Synchronisiert');
    applyDocumentLanguage();
    expect(document.documentElement.lang).toBe('de');
  });

  it('dates and numbers follow the language of the text, whatever the browser reports as its UI language', () => {
    germanBrowser();
    // Chromium can report en-US while it shows the German catalogue: the text's language wins.
    i18n.getUILanguage = () => 'en-US';
    expect(uiLocale()).toBe('de-DE');
    expect(formatDate('2026-11-28T10:00:00Z', { timeZone: 'UTC' })).toBe('28. November 2026');
  });

  it('answers the key itself, never an empty string, for a message no catalogue has', () => {
    setFallbackMessages(null);
    expect(t('syncSynced')).toBe('syncSynced');
  });

  it('fills named placeholders from positional substitutions, numbers in the user’s locale, and keeps $$ as $', () => {
    const entry = { message: 'Page $PAGE$ of $TOTAL$ costs $$5', placeholders: { page: { content: '$1' }, total: { content: '$2' } } };
    expect(substitute(entry, ['3', '1,200'])).toBe('Page 3 of 1,200 costs $5');
  });

  it('counts: the one and other forms, the count as the first substitution', () => {
    expect(tp('pagesCount', 1)).toBe('1 page');
    expect(tp('pagesCount', 1200)).toBe('1,200 pages');
    germanBrowser();
    expect(tp('pagesCount', 1200)).toBe('1.200 Seiten');
  });
});

describe('dates, one format for the extension and the reports', () => {
  const at = { timeZone: 'Europe/Berlin' };
  it('day, month and year in the language shown and the browser’s time zone', () => {
    // 23:30 UTC is the next day in Berlin.
    expect(formatDate('2026-11-27T23:30:00Z', { ...at, lang: 'en' })).toBe('28 November 2026');
    expect(formatDate('2026-11-27T23:30:00Z', { ...at, lang: 'de' })).toBe('28. November 2026');
    expect(formatDate('2026-11-27T23:30:00Z', { ...at, lang: 'fr' })).toBe('28 novembre 2026');
    expect(formatDate('2026-11-27T23:30:00Z', { ...at, lang: 'es' })).toBe('28 de noviembre de 2026');
    expect(formatDateTime('2026-11-27T23:30:00Z', { ...at, lang: 'de' })).toBe('28. November 2026, 00:30 MEZ');
    expect(formatDateTime('2026-11-27T23:30:00Z', { timeZone: 'UTC', lang: 'en' })).toBe('27 November 2026, 23:30 UTC');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('a series gives the time of day only where a day repeats', () => {
    const labels = formatDates(['2026-11-28T08:12:00Z', '2026-11-28T14:03:00Z', '2026-11-29T09:00:00Z'], { timeZone: 'UTC', lang: 'en' });
    expect(labels).toEqual(['28 November 2026, 08:12 UTC', '28 November 2026, 14:03 UTC', '29 November 2026']);
  });

  it('chart days in the language; a calendar day is never shifted by the time zone', () => {
    const west = { timeZone: 'America/Los_Angeles' };
    expect(formatShortDay('2026-11-24', { ...west, lang: 'en' })).toBe('24 Nov');
    expect(formatShortDay('2026-11-24', { ...west, lang: 'de' })).toBe('24. Nov.');
    expect(formatShortDay('2026-10-30', { ...west, lang: 'fr' })).toBe('30 oct.');
    // An instant is the browser's day: 23:30 UTC is already the next day in Berlin.
    expect(formatShortDay('2026-11-27T23:30:00Z', { ...at, lang: 'en' })).toBe('28 Nov');
    expect(formatShortDay('not a date', { lang: 'en' })).toBe('');
  });

  it('percentages in the language', () => {
    expect(formatPercent(0.4321, { lang: 'en' })).toBe('43%');
    expect(formatPercent(0.4321, { lang: 'de' })).toBe('43\u00a0%');
    expect(formatPercent(0.001, { lang: 'en' })).toBe('<1%');
  });
});
