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
  if (!/^\d{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > max) throw new HttpError(400, `limit must be an integer from 1 to ${max}`);
  return Number(limit);
}
