import { isCalendarDate } from '../sitemap/w3c-datetime.js';

/**
 * A schema.org Date or DateTime written in ISO 8601: YYYY[-MM[-DD]], optionally with a time
 * (hh:mm[:ss[.s]], `T` or a space) and a time zone. Dates such as "March 3, 2024" are not.
 */
const ISO_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?)?)?$/;

export function isIsoDateValue(value: string): boolean {
  const m = ISO_DATE.exec(value.trim());
  if (!m) return false;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00'] = m;
  return isCalendarDate(Number(y), Number(mo), Number(d)) && Number(h) <= 24 && Number(mi) <= 59 && Number(s) <= 60;
}
