/** Small readers for the JSON formats of docs/api-decisions.md#agent-discovery-signals: each records a problem instead of throwing. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** What a format reader knows beside the document: the URL it came from and the identifier that URL stands for. */
export interface FormatContext {
  url: string;
  /**
   * The identifier the well-known path was inserted into (RFC 8414 3.1, RFC 9728 3.1): the origin for
   * `/.well-known/x`, the origin plus the rest for `/.well-known/x/rest`; null when the file was not
   * fetched from a well-known path.
   */
  identifier: string | null;
}

/** A format reader: the problems that keep the document from being `found` (none: it is). */
export type FormatReader = (doc: Json, ctx: FormatContext) => string[];

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The document as an object, or a problem. */
export function topObject(doc: Json, problems: string[]): JsonObject | null {
  if (isObject(doc)) return doc;
  problems.push(`the document is ${describe(doc)}, not a JSON object`);
  return null;
}

/** Records "`key` is missing" / "is not a string" and answers whether `obj[key]` is a non-empty string. */
export function needString(obj: JsonObject, key: string, problems: string[], where = ''): boolean {
  const value = obj[key];
  if (value === undefined) problems.push(`${where}\`${key}\` is missing`);
  else if (typeof value !== 'string') problems.push(`${where}\`${key}\` is ${describe(value)}, not a string`);
  else if (!value.trim()) problems.push(`${where}\`${key}\` is empty`);
  else return true;
  return false;
}

/** Records a missing or mistyped array member; answers the array when it is one. */
export function needArray(obj: JsonObject, key: string, problems: string[], where = ''): Json[] | null {
  const value = obj[key];
  if (value === undefined) problems.push(`${where}\`${key}\` is missing`);
  else if (!Array.isArray(value)) problems.push(`${where}\`${key}\` is ${describe(value)}, not an array`);
  else return value;
  return null;
}

/** Records a missing or mistyped object member; answers the object when it is one. */
export function needObject(obj: JsonObject, key: string, problems: string[], where = ''): JsonObject | null {
  const value = obj[key];
  if (value === undefined) problems.push(`${where}\`${key}\` is missing`);
  else if (!isObject(value)) problems.push(`${where}\`${key}\` is ${describe(value)}, not an object`);
  else return value;
  return null;
}

/** An optional member that must be an array of strings when present. */
export function optionalStrings(obj: JsonObject, key: string, problems: string[], where = ''): void {
  const value = obj[key];
  if (value === undefined) return;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) problems.push(`${where}\`${key}\` is not an array of strings`);
}

/** True when `value` is an absolute http(s) URL. */
export function isHttpUrl(value: Json | undefined): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The same identifier written with or without a trailing slash on an empty path ("https://a.example" = "https://a.example/"). */
export function sameIdentifier(a: string, b: string): boolean {
  const trim = (s: string) => (s.endsWith('/') ? s.slice(0, -1) : s);
  return trim(a) === trim(b);
}

/** At most this many entries of a list are read: a catalog of thousands says what the first ones say. */
export const MAX_ENTRIES_READ = 50;
/** At most this many problems are reported per file. */
export const MAX_PROBLEMS = 10;

export function describe(value: Json | undefined): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
