import { uiLocale } from './t.js';

/**
 * Dates for every screen of the extension, in one format: the user's locale and time zone, day, month and year
 * ("28 Nov 2026", "28. Nov. 2026"), with the time of day ("28 Nov 2026, 14:05") where it tells apart things
 * of the same day. Unit tests pass `at` to pin the locale and time zone.
 */
export interface FormatAt {
  locale?: string;
  timeZone?: string;
}

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const DAY_TIME: Intl.DateTimeFormatOptions = { ...DAY, hour: '2-digit', minute: '2-digit' };

const made = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions, at: FormatAt): Intl.DateTimeFormat {
  const locale = at.locale ?? uiLocale();
  const id = `${locale}|${at.timeZone ?? ''}|${options.hour ? 't' : 'd'}`;
  let f = made.get(id);
  if (!f) made.set(id, (f = new Intl.DateTimeFormat(locale, { ...options, ...(at.timeZone ? { timeZone: at.timeZone } : {}) })));
  return f;
}

function parsed(when: string | number | Date): Date | null {
  const date = when instanceof Date ? when : new Date(when);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "28 Nov 2026"; the text as given when it is not a date, "—" for none. */
export function formatDate(when: string | number | Date | null | undefined, at: FormatAt = {}): string {
  if (when == null || when === '') return '—';
  const date = parsed(when);
  return date ? formatter(DAY, at).format(date) : String(when);
}

/** "28 Nov 2026, 14:05" in the user's time zone. */
export function formatDateTime(when: string | number | Date | null | undefined, at: FormatAt = {}): string {
  if (when == null || when === '') return '—';
  const date = parsed(when);
  return date ? formatter(DAY_TIME, at).format(date) : String(when);
}

/** The calendar day of a date in the user's time zone: two dates on one day share it. */
function dayOf(date: Date, at: FormatAt): string {
  return formatter(DAY, at).format(date);
}

/**
 * Labels for a series of dates (a chart's axis, a list): the day alone, or the day and time where two dates of the
 * series fall on the same day, so three audits of 28 November read "28 Nov 2026, 09:12", "..., 11:40", "..., 15:03".
 */
export function formatDates(list: readonly (string | number | Date)[], at: FormatAt = {}): string[] {
  const dates = list.map(parsed);
  const count = new Map<string, number>();
  for (const d of dates) if (d) count.set(dayOf(d, at), (count.get(dayOf(d, at)) ?? 0) + 1);
  return dates.map((d, i) =>
    !d ? String(list[i]) : (count.get(dayOf(d, at)) ?? 0) > 1 ? formatter(DAY_TIME, at).format(d) : dayOf(d, at),
  );
}

/** 0.4321 → "43 %" in German, "43%" in English; above 0 but under 1 % → "<1%". */
export function formatPercent(share: number, at: FormatAt = {}): string {
  const locale = at.locale ?? uiLocale();
  if (share > 0 && share < 0.005) return `<${new Intl.NumberFormat(locale, { style: 'percent' }).format(0.01)}`;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** A duration in seconds or minutes for estimates and elapsed time: "12 s", "2 min". */
export function formatSeconds(seconds: number, at: FormatAt = {}): string {
  const locale = at.locale ?? uiLocale();
  const minutes = seconds >= 90;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: minutes ? 'minute' : 'second',
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  }).format(minutes ? Math.round(seconds / 60) : Math.max(0, Math.round(seconds)));
}
