/**
 * JSON lines of any other shape, one object per line, read through a field mapping. By default each member is
 * looked up under its own name and then under the names common logging setups give it (nginx `escape=json`
 * formats, Caddy, Traefik ...), first found wins; `--fields time=ts,ip=client` puts given names first.
 * A `request` member (`GET /a HTTP/1.1`) stands in for method and path.
 */
import { anyTime } from './log-time.js';
import { normalHost, statusOf, text, type RecordResult } from './log-record.js';

export const JSON_FIELDS = ['time', 'ip', 'method', 'path', 'status', 'user_agent', 'referer', 'host'] as const;
export type JsonField = (typeof JSON_FIELDS)[number];
export type JsonFieldMap = Readonly<Record<JsonField, readonly string[]>>;

export const DEFAULT_JSON_FIELDS: JsonFieldMap = {
  time: ['time', 'timestamp', '@timestamp', 'time_iso8601', 'time_local', 'ts', 'date'],
  ip: ['ip', 'remote_addr', 'client_ip', 'clientip', 'remote_ip', 'ClientIP'],
  method: ['method', 'request_method'],
  path: ['path', 'request_uri', 'uri', 'url'],
  status: ['status', 'status_code', 'response_status'],
  user_agent: ['user_agent', 'http_user_agent', 'userAgent', 'ua', 'agent'],
  referer: ['referer', 'referrer', 'http_referer', 'http_referrer'],
  host: ['host', 'http_host', 'server_name'],
};

/** The default mapping with `time=ts,ip=client` (a name may be a dotted path: `request.headers.host`) in front. */
export function jsonFieldMap(spec: string): JsonFieldMap | string {
  const map: Record<string, readonly string[]> = { ...DEFAULT_JSON_FIELDS };
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const field = part.slice(0, eq).trim() as JsonField;
    const name = part.slice(eq + 1).trim();
    if (eq <= 0 || !name) return `"${part}" is not FIELD=NAME`;
    if (!JSON_FIELDS.includes(field)) return `"${field}" is not one of ${JSON_FIELDS.join(', ')}`;
    map[field] = [name, ...map[field]!];
  }
  return map as JsonFieldMap;
}

function lookup(row: Record<string, unknown>, names: readonly string[]): unknown {
  for (const name of names) {
    let value: unknown = row[name];
    if (value === undefined && name.includes('.')) {
      value = name
        .split('.')
        .reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), row);
    }
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

export function jsonRecord(row: Record<string, unknown>, fields: JsonFieldMap): RecordResult {
  const time = anyTime(lookup(row, fields.time));
  if (Number.isNaN(time)) return 'JSON line without a readable time';
  const status = statusOf(lookup(row, fields.status));
  if (Number.isNaN(status)) return 'JSON line without a readable status';
  let method = text(lookup(row, fields.method));
  let target = text(lookup(row, fields.path));
  const request = row.request;
  if ((!method || !target) && typeof request === 'string') {
    const [m, t] = request.split(' ');
    method ||= m ?? '';
    target ||= t ?? '';
  }
  return {
    time,
    status,
    method,
    target,
    ip: text(lookup(row, fields.ip)),
    userAgent: text(lookup(row, fields.user_agent)),
    referer: text(lookup(row, fields.referer)),
    host: normalHost(lookup(row, fields.host)),
  };
}
