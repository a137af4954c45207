/**
 * Amazon CloudFront standard logs (legacy and v2 in the W3C shape): tab-separated fields named by the file's
 * `#Fields:` header (the 33 documented fields in their documented order when a file has none), `-` for empty,
 * date and time in UTC, and URL-encoded values: the user agent and referer are percent-encoded (some characters
 * twice), the path as requested. The Host is the viewer's (`x-host-header`), else the distribution's (`cs(Host)`).
 */
import { isoTime } from './log-time.js';
import { normalHost, statusOf, type RecordResult } from './log-record.js';

export const CLOUDFRONT_FIELDS: readonly string[] = [
  'date', 'time', 'x-edge-location', 'sc-bytes', 'c-ip', 'cs-method', 'cs(Host)', 'cs-uri-stem', 'sc-status', 'cs(Referer)',
  'cs(User-Agent)', 'cs-uri-query', 'cs(Cookie)', 'x-edge-result-type', 'x-edge-request-id', 'x-host-header', 'cs-protocol',
  'cs-bytes', 'time-taken', 'x-forwarded-for', 'ssl-protocol', 'ssl-cipher', 'x-edge-response-result-type', 'cs-protocol-version',
  'fle-status', 'fle-encrypted-fields', 'c-port', 'time-to-first-byte', 'x-edge-detailed-result-type', 'sc-content-type',
  'sc-content-len', 'sc-range-start', 'sc-range-end',
]; // prettier-ignore

/** Column positions of the fields the counts need. */
export interface CloudfrontColumns {
  date: number;
  time: number;
  ip: number;
  method: number;
  host: number;
  stem: number;
  status: number;
  referer: number;
  agent: number;
  query: number;
  hostHeader: number;
}

export function cloudfrontColumns(fields: readonly string[]): CloudfrontColumns {
  const at = (name: string) => fields.indexOf(name);
  return {
    date: at('date'),
    time: at('time'),
    ip: at('c-ip'),
    method: at('cs-method'),
    host: at('cs(Host)'),
    stem: at('cs-uri-stem'),
    status: at('sc-status'),
    referer: at('cs(Referer)'),
    agent: at('cs(User-Agent)'),
    query: at('cs-uri-query'),
    hostHeader: at('x-host-header'),
  };
}

export const DEFAULT_CLOUDFRONT_COLUMNS = cloudfrontColumns(CLOUDFRONT_FIELDS);

/** The field names of a `#Fields: date time ...` header line, or null when the line is not one. */
export function cloudfrontHeader(line: string): string[] | null {
  const m = /^#Fields:\s*(.+)$/.exec(line.trim());
  return m ? m[1]!.trim().split(/\s+/) : null;
}

/** Percent-decoded; decoded again while the result still holds escapes (CloudFront double-encodes some). */
export function urlDecoded(value: string, rounds = 2): string {
  let out = value;
  for (let i = 0; i < rounds && /%[0-9a-f]{2}/i.test(out); i++) {
    try {
      out = decodeURIComponent(out);
    } catch {
      break;
    }
  }
  return out;
}

const field = (cols: string[], i: number) => (i >= 0 && i < cols.length && cols[i] !== '-' ? cols[i]! : '');

export function cloudfrontRecord(line: string, c: CloudfrontColumns): RecordResult {
  const cols = line.split('\t');
  if (cols.length < 9) return 'not a CloudFront line (too few tab-separated fields)';
  const time = isoTime(`${field(cols, c.date)}T${field(cols, c.time)}Z`);
  if (Number.isNaN(time)) return 'CloudFront line without a readable date and time';
  const status = statusOf(field(cols, c.status));
  if (Number.isNaN(status)) return 'CloudFront line without a readable sc-status';
  const query = field(cols, c.query);
  return {
    time,
    status,
    ip: field(cols, c.ip),
    method: field(cols, c.method),
    target: field(cols, c.stem) + (query ? `?${query}` : ''),
    userAgent: urlDecoded(field(cols, c.agent)),
    referer: urlDecoded(field(cols, c.referer), 1),
    host: normalHost(field(cols, c.hostHeader) || field(cols, c.host)),
  };
}
