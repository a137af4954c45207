/**
 * Dates and numbers in a report's language (Intl), in one form across every report: "21 November 2026, 10:00 UTC"
 * in English, "21. November 2026, 10:00 UTC" in German. The time zone is UTC unless a caller names another.
 * Formatters are made on first use and kept: building one loads locale data.
 */
import { LOCALES, type ReportLanguage } from './languages.js';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(lang: ReportLanguage, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${lang}|${timeZone}|${JSON.stringify(options)}`;
  let made = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!made) {
    made = new Intl.DateTimeFormat(LOCALES[lang], { timeZone, ...options });
    cache.set(key, made);
  }
  return made;
}

function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The zone as a reader knows it: "UTC", or the zone's short name in the language ("MEZ", "CET"). */
function zoneName(lang: ReportLanguage, timeZone: string, date: Date): string {
  if (timeZone === 'UTC') return 'UTC';
  const part = dateFormat(lang, timeZone, { timeZoneName: 'short' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** "21 November 2026", or the text as given when it is not a date. */
export function formatDate(lang: ReportLanguage, iso: string, timeZone = 'UTC'): string {
  const date = parsed(iso);
  return date ? dateFormat(lang, timeZone, { day: 'numeric', month: 'long', year: 'numeric' }).format(date) : iso;
}

/** "21 November 2026, 10:00 UTC": the one date-and-time form of the reports. */
export function formatDateTime(lang: ReportLanguage, iso: string, timeZone = 'UTC'): string {
  const date = parsed(iso);
  if (!date) return iso;
  const time = dateFormat(lang, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
  return `${formatDate(lang, iso, timeZone)}, ${time} ${zoneName(lang, timeZone, date)}`;
}

/** "21 Nov" (a chart label), or '' when not a date. */
export function formatShortDate(lang: ReportLanguage, iso: string, timeZone = 'UTC'): string {
  const date = parsed(iso);
  return date ? dateFormat(lang, timeZone, { day: 'numeric', month: 'short' }).format(date) : '';
}

/** "21 Nov 10:00": a chart label where two points share a day. */
export function formatShortDateTime(lang: ReportLanguage, iso: string, timeZone = 'UTC'): string {
  const date = parsed(iso);
  if (!date) return '';
  return `${formatShortDate(lang, iso, timeZone)} ${dateFormat(lang, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date)}`;
}

/** 12345 -> "12,345" (English), "12.345" (German), "12 345" (French). */
export function formatNumber(lang: ReportLanguage, value: number): string {
  const key = `n|${lang}`;
  let made = cache.get(key) as Intl.NumberFormat | undefined;
  if (!made) {
    made = new Intl.NumberFormat(LOCALES[lang]);
    cache.set(key, made);
  }
  return made.format(value);
}

/** 0.4321 -> "43%" (English), "43 %" (German, French); under 1 % but above 0 -> "<1%". */
export function formatPercent(lang: ReportLanguage, share: number): string {
  if (share > 0 && share < 0.005) return lang === 'en' ? '<1%' : '<1 %';
  const key = `p|${lang}`;
  let made = cache.get(key) as Intl.NumberFormat | undefined;
  if (!made) {
    made = new Intl.NumberFormat(LOCALES[lang], { style: 'percent', maximumFractionDigits: 0 });
    cache.set(key, made);
  }
  return made.format(share);
}
