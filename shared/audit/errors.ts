import type { FetchErrorCode } from '../types/fetcher.js';
import type { UrlProblem } from '../url/normalize.js';

/** The submitted URL is not auditable as written (HTTP 400 in the API, exit 2 in the CLI). */
export class AuditInputError extends Error {
  constructor(
    readonly problem: UrlProblem,
    message: string,
  ) {
    super(message);
    this.name = 'AuditInputError';
  }
}

/** The page itself could not be fetched (HTTP 422 in the API, exit 2 in the CLI). */
export class AuditFetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AuditFetchError';
  }
}

const FETCH_ERROR_TEXT: Record<FetchErrorCode, string> = {
  invalid_url: 'the URL is not valid',
  unsupported_scheme: 'only http and https URLs can be audited',
  blocked_address: 'the host resolves to a private, loopback, link-local or reserved address, which is not audited',
  special_use_name: 'the host is a special-use name that never resolves on the public internet',
  dns: 'the host name does not resolve (DNS lookup failed)',
  refused: 'the server refused the connection',
  tls: 'the TLS handshake failed (certificate or protocol error)',
  timeout: 'the page did not answer in time',
  deadline: 'the audit ran out of time before the page arrived',
  too_many_redirects: 'the page redirects more than 5 times',
  redirect_loop: 'the page redirects in a loop',
  decompression: 'the page body could not be decompressed',
  cross_origin: 'the browser refused to read the page (cross-origin)',
  aborted: 'the audit was cancelled',
  network: 'a network error interrupted the request',
};

export function describeFetchError(code: FetchErrorCode, url: string, detail?: string): string {
  const base = `Cannot audit ${url}: ${FETCH_ERROR_TEXT[code]}`;
  if (code === 'special_use_name' && detail) return `Cannot audit ${url}: ${detail}.`; // the detail names the host (maybe a redirect's)
  return detail && code === 'network' ? `${base} (${detail})` : `${base}.`;
}
