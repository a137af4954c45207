/**
 * The window of a summary or a sources listing: whole UTC days, `since` through `until` inclusive
 * (default: the 30 days ending today). A date-time counts from its UTC day. A date that does not exist
 * (2026-02-30) is a 400, as is an `until` before `since` or a window over MAX_WINDOW_DAYS.
 */
import { HttpError } from '../../http/http-error.js';
import { addDays, daysBetween, type DayWindow } from '../../store/rollup/days.js';

export { addDays, daysOf, type DayWindow } from '../../store/rollup/days.js';

export const DEFAULT_WINDOW_DAYS = 30;
export const MAX_WINDOW_DAYS = 1_096;

const DATE = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A day (YYYY-MM-DD) from a date or date-time parameter; 400 when it is not a real one. */
export function parseDay(value: string, name: string): string {
  const match = DATE.exec(value);
  const problem = `${name} must be an ISO 8601 date or date-time that exists, such as 2026-09-01 or 2026-09-01T12:00:00Z`;
  if (!match) throw new HttpError(400, problem);
  const [, y, m, d] = match;
  const calendar = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  // Date.UTC rolls 2026-02-30 over to March: a day that does not exist no longer reads back the same.
  if (calendar.getUTCFullYear() !== Number(y) || calendar.getUTCMonth() !== Number(m) - 1 || calendar.getUTCDate() !== Number(d))
    throw new HttpError(400, problem);
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new HttpError(400, problem);
  return new Date(time).toISOString().slice(0, 10);
}

export function dayWindow(since: string | undefined, until: string | undefined, now: Date): DayWindow {
  const last = until !== undefined ? parseDay(until, 'until') : now.toISOString().slice(0, 10);
  const first = since !== undefined ? parseDay(since, 'since') : addDays(last, -(DEFAULT_WINDOW_DAYS - 1));
  if (first > last) throw new HttpError(400, `since (${first}) is after until (${last})`);
  if (daysBetween(first, last) + 1 > MAX_WINDOW_DAYS) throw new HttpError(400, `the window is at most ${MAX_WINDOW_DAYS} days`);
  return { since: first, until: last };
}
