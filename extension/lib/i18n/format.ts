import {
  formatDate as dateIn,
  formatDateTime as dateTimeIn,
  formatPercent as percentIn,
  formatShortDate as shortDateIn,
} from '../../../shared/i18n/format.js';
import { formatNumber, language } from './t.js';
import type { ReportLanguage } from '../../../shared/i18n/languages.js';

/**
 * Dates for every screen of the extension, in the reports' one form (shared/i18n/format.ts) and the language the
 * extension is shown in, but in the browser's time zone: "28 November 2026", "28 November 2026, 14:05 CET"
 * ("28. November 2026, 14:05 MEZ" in German), with the time of day where it tells apart things of the same day.
 * Unit tests pass `at` to pin the language and time zone.
 */
export interface FormatAt {
  lang?: ReportLanguage;
  timeZone?: string;
}

type When = string | number | Date | null | undefined;

let browserZone: string | null = null;
/** The browser's time zone ("Europe/Berlin"). */
export function timeZone(): string {
  return (browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

function iso(when: string | number | Date): string {
  return when instanceof Date ? when.toISOString() : typeof when === 'number' ? new Date(when).toISOString() : when;
}

/** "28 November 2026"; the text as given when it is not a date, "—" for none. */
export function formatDate(when: When, at: FormatAt = {}): string {
  if (when == null || when === '') return '—';
  return dateIn(at.lang ?? language(), iso(when), at.timeZone ?? timeZone());
}

/** "28 November 2026, 14:05 CET" in the browser's time zone. */
export function formatDateTime(when: When, at: FormatAt = {}): string {
  if (when == null || when === '') return '—';
  return dateTimeIn(at.lang ?? language(), iso(when), at.timeZone ?? timeZone());
}

/**
 * "28 Nov" ("28. Nov." in German) for a chart axis. Takes a calendar day ("2026-11-28") or an instant; a calendar day is
 * the same day everywhere, so it is read in UTC rather than shifted by the browser's zone.
 */
export function formatShortDay(when: string, at: FormatAt = {}): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(when);
  return shortDateIn(at.lang ?? language(), day ? `${when}T00:00:00Z` : when, day ? 'UTC' : (at.timeZone ?? timeZone()));
}

/**
 * Labels for a series of dates (a chart's axis, a list): the day alone, or the day and time where two dates of the
 * series fall on the same day, so three audits of 28 November do not all read "28 November 2026".
 */
export function formatDates(list: readonly (string | number | Date)[], at: FormatAt = {}): string[] {
  const days = list.map((d) => formatDate(d, at));
  const count = new Map<string, number>();
  for (const day of days) count.set(day, (count.get(day) ?? 0) + 1);
  return list.map((d, i) => ((count.get(days[i]!) ?? 0) > 1 ? formatDateTime(d, at) : days[i]!));
}

/** 0.4321 → "43%" in English, "43 %" in German; above 0 but under 1 % → "<1%". */
export function formatPercent(share: number, at: FormatAt = {}): string {
  return percentIn(at.lang ?? language(), share);
}

/** A duration for estimates: "12 s", "2 min" (the SI symbols, the same in every language), the number localized. */
export function formatSeconds(seconds: number): string {
  return seconds >= 90 ? `${formatNumber(Math.round(seconds / 60))} min` : `${formatNumber(Math.max(0, Math.round(seconds)))} s`;
}
