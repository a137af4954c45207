/**
 * W3C Datetime (the profile of ISO 8601 the sitemap protocol requires for `<lastmod>`):
 * YYYY, YYYY-MM, YYYY-MM-DD, or a date with hh:mm[:ss[.s]] and a mandatory time zone (Z or ±hh:mm).
 */
const W3C_DATETIME = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-](\d{2}):(\d{2})))?)?)?$/;

/** The instant a valid W3C datetime denotes (its start, for partial dates), or null when invalid. */
export function parseW3cDatetime(value: string): Date | null {
  const m = W3C_DATETIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', tz, tzh = '00', tzm = '00'] = m;
  if (!isCalendarDate(Number(y), Number(mo), Number(d))) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59 || Number(tzh) > 23 || Number(tzm) > 59) return null;
  const offset = tz === undefined || tz === 'Z' ? 'Z' : `${tz[0]}${tzh}:${tzm}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= days[month - 1]!;
}
