/** Query parameters of the list routes, read the same way everywhere: each at most once, a page size within bounds. */
import { HttpError } from '../http/http-error.js';

export type RawQuery = Record<string, string | string[] | undefined>;

/** The parameter's one value, undefined when absent; 400 when it is given twice. */
export function singleParam(raw: RawQuery, name: string): string | undefined {
  const value = raw[name];
  if (Array.isArray(value)) throw new HttpError(400, `Query parameter "${name}" must be given once`);
  return value;
}

/** `limit`: a page size from 1 to `max`, or `fallback` when absent. */
export function pageLimit(raw: RawQuery, fallback: number, max: number): number {
  const limit = singleParam(raw, 'limit');
  if (limit === undefined) return fallback;
  if (!/^\d{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > max)
    throw new HttpError(400, `limit must be an integer from 1 to ${max}`);
  return Number(limit);
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|([+-])(\d{2}):(\d{2})))?$/;

/**
 * Epoch milliseconds of an ISO 8601 date (`2026-09-01`, midnight UTC) or date-time with its offset
 * (`2026-09-01T12:00:00Z`, `...+02:00`), or null when it is not one or names a day or time that does not
 * exist. Date.parse alone would roll 2026-02-30 over into March.
 */
export function isoTimeMs(text: string): number | null {
  const m = ISO_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((part) => Number(part ?? 0));
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate(); // day 0 of the next month
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  if (m[8] && (Number(m[9]) > 23 || Number(m[10]) > 59)) return null;
  return Date.parse(text);
}

/** A time filter (`since`, `until`): epoch milliseconds, undefined when absent; 400 when it is not a real date. */
export function timeParam(raw: RawQuery, name: string): number | undefined {
  const value = singleParam(raw, name);
  if (value === undefined) return undefined;
  const time = isoTimeMs(value);
  if (time === null) throw new HttpError(400, `${name} must be an ISO 8601 date or date-time, such as 2026-09-01 or 2026-09-01T12:00:00Z`);
  return time;
}
