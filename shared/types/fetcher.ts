/**
 * The only door to the network. The engine never fetches by itself: each host injects a Fetcher
 * (Node: SSRF-guarded, size- and time-capped; extension: the browser's fetch). A Fetcher never
 * throws for network trouble; it reports it in `error` so one failed file cannot sink an audit.
 */

export type FetchErrorCode =
  | 'invalid_url' // not a parseable http(s) URL
  | 'unsupported_scheme' // file:, ftp:, data:, javascript: ...
  | 'blocked_address' // resolves to a private, loopback, link-local or reserved address
  | 'special_use_name' // a name such as foo.localhost or printer.local, never looked up (server fetcher)
  | 'dns' // the name does not resolve
  | 'refused' // connection refused or reset
  | 'tls' // certificate or handshake failure
  | 'timeout' // per-request timeout
  | 'deadline' // the audit's overall deadline ran out
  | 'too_many_redirects'
  | 'redirect_loop'
  | 'decompression' // corrupt or bomb-like compressed body
  | 'cross_origin' // the host refuses to read this origin (extension CORS)
  | 'aborted'
  | 'network'; // anything else

export interface FetchError {
  code: FetchErrorCode;
  message: string;
}

export interface RedirectHop {
  url: string;
  status: number;
}

export interface FetchTimings {
  /** Milliseconds until response headers arrived (time to first byte), when known. */
  ttfbMs?: number;
  /** Milliseconds until the body was complete (or cut). */
  totalMs: number;
}

export interface FetchedResource {
  /** The URL asked for. */
  url: string;
  /** The URL that answered, after redirects. */
  finalUrl: string;
  /** HTTP status of the final response; 0 when no response arrived (see `error`). */
  status: number;
  /** Response headers, names lower-cased; repeated headers joined with ", " (set-cookie with "\n"). */
  headers: Record<string, string>;
  /** Decoded text of the body (possibly cut at the cap); "" for binary or failed responses. */
  body: string;
  /** Decompressed bytes received (counted up to the cap). */
  bytes: number;
  /** True when the body was cut at the size cap. */
  truncated: boolean;
  /** The character encoding used to decode `body` (WHATWG name), or null when not text. */
  encoding: string | null;
  /** True when the body looked binary (not text) and was not decoded. */
  binary: boolean;
  /** Redirect chain, in order; empty when the first response was final. */
  redirects: RedirectHop[];
  timings: FetchTimings;
  /**
   * The body was a gzip file that the fetcher decompressed because it was asked to (`gunzipBody`): `body` is
   * its text, `headers` still name the archive (application/x-gzip, or a type the server chose).
   */
  gunzipped?: boolean;
  error?: FetchError;
}

export interface FetchOptions {
  /** Extra request headers (user agent, accept). */
  headers?: Record<string, string>;
  /** Cap on the decompressed body in bytes; the body is cut (truncated: true) beyond it. */
  maxBytes: number;
  /** Per-request timeout in ms; the host's default applies when absent. */
  timeoutMs?: number;
  /** Aborts the request (the audit deadline). */
  signal?: AbortSignal;
  /**
   * Follow redirects only to these hosts (`host` with its port, as URL.host spells it): a redirect elsewhere
   * is not followed, and its 3xx response is the result (a crawl never leaves its site). Absent: follow any.
   */
  redirectHosts?: readonly string[];
  /**
   * The body itself may be gzip (a sitemap.xml.gz, or one served as application/xml without Content-Encoding):
   * when it starts with the gzip magic bytes it is decompressed, within the same `maxBytes` cap, before decoding.
   */
  gunzipBody?: boolean;
}

export interface Fetcher {
  fetch(url: string, options: FetchOptions): Promise<FetchedResource>;
}
