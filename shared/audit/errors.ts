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

/** Why a page could not be rendered (docs/audits.md#rendering-on-the-server). */
export type RenderErrorCode =
  | 'unavailable' // no browser: CHROMIUM_PATH is missing or does not start (HTTP 503)
  | 'busy' // every rendering slot stayed taken for the whole timeout (HTTP 503)
  | 'timeout' // no DOM could be read within RENDER_TIMEOUT_MS (an endless loop, a page that never yields)
  | 'crashed' // the page's renderer or the browser died (out of memory, killed)
  | 'navigation' // the browser could not load the page (refused address, endless redirects, a network error)
  | 'aborted'; // the audit was cancelled

/** The exact message of a render asked of a host without a browser (the API's 503, the CLI's exit 2). */
export const RENDER_UNAVAILABLE_MESSAGE = 'Rendering needs Chromium: set CHROMIUM_PATH';

/** The page could not be rendered (HTTP 422 in the API, 503 for `unavailable` and `busy`; exit 2 in the CLI). */
export class AuditRenderError extends Error {
  constructor(
    readonly code: RenderErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AuditRenderError';
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
