/**
 * Cloudflare Logpush, dataset `http_requests`, as JSON lines (Cloudflare's "HTTP requests" log fields):
 * ClientIP, ClientRequestHost, ClientRequestMethod, ClientRequestURI (path and query; ClientRequestPath when the
 * job logs only that), EdgeResponseStatus, ClientRequestUserAgent, ClientRequestReferer, and EdgeStartTimestamp in
 * any of the job's timestamp formats: `unixnano` (the default), `unix`, `rfc3339` (with or without ms or ns).
 */
import { anyTime } from './log-time.js';
import { normalHost, statusOf, text, type RecordResult } from './log-record.js';

/** Fields that only Cloudflare's dataset has: a JSON line with one of them is a Cloudflare line. */
export const CLOUDFLARE_KEYS = ['EdgeStartTimestamp', 'ClientRequestUserAgent', 'ClientRequestURI', 'EdgeResponseStatus', 'ClientIP'];

export function cloudflareRecord(row: Record<string, unknown>): RecordResult {
  const time = anyTime(row.EdgeStartTimestamp);
  if (Number.isNaN(time)) return 'Cloudflare line without a readable EdgeStartTimestamp';
  const status = statusOf(row.EdgeResponseStatus);
  if (Number.isNaN(status)) return 'Cloudflare line without a readable EdgeResponseStatus';
  return {
    time,
    status,
    ip: text(row.ClientIP),
    method: text(row.ClientRequestMethod),
    target: text(row.ClientRequestURI) || text(row.ClientRequestPath),
    userAgent: text(row.ClientRequestUserAgent),
    referer: text(row.ClientRequestReferer),
    host: normalHost(row.ClientRequestHost),
  };
}
