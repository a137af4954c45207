/** One request read from a line of a text format (Cloudflare, CloudFront, JSON lines): what the counts need. */
export interface LogRecord {
  /** Milliseconds since the epoch, UTC. */
  time: number;
  ip: string;
  method: string;
  /** The request target: path and query as requested (`/a/b?utm_source=chatgpt.com`). */
  target: string;
  status: number;
  userAgent: string;
  referer: string;
  /** The Host the request was for, when the format logs it (lower case, no port), else null. */
  host: string | null;
}

/** Either the record, or why the line is not one. */
export type RecordResult = LogRecord | string;

/** A host header as compared with --site: lower case, without a port or a trailing dot. */
export function normalHost(host: unknown): string | null {
  if (typeof host !== 'string' || host === '' || host === '-') return null;
  const lower = host.trim().toLowerCase();
  const bare = lower.startsWith('[') ? lower.slice(0, lower.indexOf(']') + 1) : lower.replace(/:\d+$/, '');
  return bare.replace(/\.$/, '') || null;
}

/** A status code from a number or a numeric string, or NaN. */
export function statusOf(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 100 && n <= 999 ? n : NaN;
}

/** A string field, `-` and absent as the empty string. */
export function text(value: unknown): string {
  return typeof value === 'string' && value !== '-' ? value : typeof value === 'number' ? String(value) : '';
}
