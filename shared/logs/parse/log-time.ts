/**
 * Times in access logs, to milliseconds since the epoch (UTC): the Common Log Format's `10/Oct/2000:13:55:36 -0700`
 * (read from bytes or text, its offset applied), ISO 8601 / RFC 3339, and epoch numbers in seconds, milliseconds,
 * microseconds or nanoseconds (told apart by size, as Cloudflare's `unix` and `unixnano` formats need). NaN when
 * the text is not a time.
 */
const MONTHS = 'janfebmaraprmayjunjulaugsepoctnovdec';

/** Days from 1970-01-01 to a proleptic Gregorian date (month 1-12). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether the date exists (2026-02-30 does not). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]!) return false;
  return month !== 2 || day < 29 || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0));
}

function digits(b: Uint8Array, at: number, count: number): number {
  let v = 0;
  for (let i = at; i < at + count; i++) {
    const d = b[i]! - 48;
    if (d < 0 || d > 9) return NaN;
    v = v * 10 + d;
  }
  return v;
}

function monthAt(b: Uint8Array, at: number): number {
  const key = String.fromCharCode(b[at]! | 32, b[at + 1]! | 32, b[at + 2]! | 32);
  const i = MONTHS.indexOf(key);
  return i >= 0 && i % 3 === 0 ? i / 3 + 1 : NaN;
}

/** `dd/Mon/yyyy:HH:MM:SS +hhmm` starting at `at` (the byte after `[`); NaN when it is not that. */
export function clfTimeBytes(b: Uint8Array, at: number, end: number): number {
  if (at + 26 > end || b[at + 2] !== 47 || b[at + 6] !== 47 || b[at + 11] !== 58 || b[at + 14] !== 58) return NaN;
  if (b[at + 17] !== 58 || b[at + 20] !== 32) return NaN;
  const day = digits(b, at, 2);
  const month = monthAt(b, at + 3);
  const year = digits(b, at + 7, 4);
  const hour = digits(b, at + 12, 2);
  const minute = digits(b, at + 15, 2);
  const second = digits(b, at + 18, 2);
  const sign = b[at + 21] === 45 ? -1 : b[at + 21] === 43 ? 1 : 0;
  const offset = digits(b, at + 22, 2) * 60 + digits(b, at + 24, 2);
  if (!sign || !(hour < 24 && minute < 60 && second < 61) || !isRealDate(year, month, day)) return NaN;
  const local = ((daysFromCivil(year, month, day) * 24 + hour) * 60 + minute) * 60 + second;
  return (local - sign * offset * 60) * 1000;
}

const encoder = new TextEncoder();

/** The same from text (`10/Oct/2000:13:55:36 -0700`, brackets allowed). */
export function clfTime(text: string): number {
  const t = text.startsWith('[') ? text.slice(1) : text;
  return clfTimeBytes(encoder.encode(t.slice(0, 26)), 0, 26);
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** ISO 8601 / RFC 3339 text (any number of fraction digits); a time without a zone is UTC. */
export function isoTime(text: string): number {
  const m = ISO.exec(text.trim());
  if (!m) return NaN;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((v) => (v === undefined ? undefined : Number(v)));
  if (!isRealDate(year!, month!, day!) || hour >= 24 || minute >= 60 || second >= 61) return NaN;
  const fraction = m[7] ? Number(`0.${m[7]}`) * 1000 : 0;
  const zone = m[8] && m[8].toUpperCase() !== 'Z' ? m[8] : '+00:00';
  const offset = (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
  const local = ((daysFromCivil(year!, month!, day!) * 24 + hour) * 60 + minute) * 60 + second;
  return Math.floor((local - offset * 60) * 1000 + fraction);
}

/** Seconds, milliseconds, microseconds or nanoseconds since the epoch, told apart by magnitude. */
export function epochTime(value: number): number {
  if (!Number.isFinite(value) || value < 0) return NaN;
  if (value >= 1e17) return Math.floor(value / 1e6);
  if (value >= 1e14) return Math.floor(value / 1e3);
  if (value >= 1e11) return Math.floor(value);
  return Math.floor(value * 1000);
}

/** Any of the above, as a JSON log field gives it (a number, a numeric string, ISO or CLF text). */
export function anyTime(value: unknown): number {
  if (typeof value === 'number') return epochTime(value);
  if (typeof value !== 'string' || value === '') return NaN;
  if (/^\d+(?:\.\d+)?$/.test(value)) return epochTime(Number(value));
  if (/^\[?\d{2}\/[A-Za-z]{3}\//.test(value)) return clfTime(value);
  return isoTime(value);
}

/** `YYYY-MM-DD` of a time (UTC). */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * A --since or --until value: a date (`2026-08-01`: the day's start, or for `until` its last millisecond) or a
 * date-time with a zone (`2026-08-01T12:00:00Z`). NaN when it is neither or names a date that does not exist.
 */
export function windowBound(text: string, end: boolean): number {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) {
    const start = isoTime(t);
    return end && !Number.isNaN(start) ? start + 86_400_000 - 1 : start;
  }
  if (!/(?:Z|[+-]\d{2}:?\d{2})$/i.test(t)) return NaN;
  return isoTime(t);
}
