import type { FetchError, FetchErrorCode } from '../../shared/types/fetcher.js';

/** Raised by the guarded lookup when a host name resolves to an address the policy refuses. */
export class BlockedAddressError extends Error {
  readonly code = 'ERR_BLOCKED_ADDRESS';
  constructor(host: string, address: string, reason: string) {
    super(`refused to connect to ${host === address ? address : `${host} (${address})`}: ${reason} address`);
    this.name = 'BlockedAddressError';
  }
}

/** Raised by the guarded lookup for a special-use name (special-use-names.ts): DNS is never asked. */
export class SpecialUseNameError extends Error {
  readonly code = 'ERR_SPECIAL_USE_NAME';
  constructor(message: string) {
    super(message);
    this.name = 'SpecialUseNameError';
  }
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NODATA', 'EAI_NONAME', 'EAI_FAIL', 'ENODATA']);
const REFUSED_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);
const TLS_CODES = new Set([
  'EPROTO',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'HOSTNAME_MISMATCH',
]);

/** Maps a Node socket/HTTP error to the Fetcher's error codes. */
export function classifyNetworkError(err: unknown): FetchError {
  const e = err as { code?: unknown; message?: unknown; library?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' && e.message ? e.message : String(err);
  return { code: codeFor(code, message, e?.library), message };
}

function codeFor(code: string, message: string, library: unknown): FetchErrorCode {
  if (code === 'ERR_BLOCKED_ADDRESS') return 'blocked_address';
  if (code === 'ERR_SPECIAL_USE_NAME') return 'special_use_name';
  // request-filtering-agent reports its refusals as plain Errors with this wording.
  if (/^DNS lookup .* is not allowed/.test(message)) return 'blocked_address';
  if (DNS_CODES.has(code)) return 'dns';
  if (REFUSED_CODES.has(code)) return 'refused';
  if (code === 'ETIMEDOUT') return 'timeout';
  if (TLS_CODES.has(code) || /^ERR_(TLS|SSL)_/.test(code) || library === 'SSL routines') return 'tls';
  return 'network';
}
