import type { LookupFunction } from 'node:net';
import type { Fetcher } from '../../shared/types/fetcher.js';
import { createAddressGuard } from './address-guard.js';
import { fetchResource } from './fetch-resource.js';

export interface NodeFetcherOptions {
  /** Allow private, loopback, link-local and reserved addresses (AUDIT_ALLOW_PRIVATE=1; tests only). */
  allowPrivate?: boolean;
  /** Per-request timeout when the caller gives none (10 s). */
  defaultTimeoutMs?: number;
  /** Redirects followed before giving up (5). */
  maxRedirects?: number;
  /** Test seam: resolves host names instead of dns.lookup (every answer still goes through the guard). */
  lookup?: LookupFunction;
  /**
   * Test seam, never set in production: "ip:port" endpoints treated as public, so a loopback fixture
   * can stand in for a public site that redirects to a private one.
   */
  unsafeTreatAsPublic?: readonly string[];
}

/**
 * The Node Fetcher: node:http(s), SSRF-guarded after DNS resolution on every redirect hop,
 * size-capped on decompressed bytes, time-capped on the whole request. Never throws.
 */
export function createNodeFetcher(options: NodeFetcherOptions = {}): Fetcher {
  const guard = createAddressGuard({
    allowPrivate: options.allowPrivate ?? false,
    lookup: options.lookup,
    unsafeTreatAsPublic: options.unsafeTreatAsPublic,
  });
  const settings = {
    guard,
    defaultTimeoutMs: options.defaultTimeoutMs ?? 10_000,
    maxRedirects: options.maxRedirects ?? 5,
  };
  return { fetch: (url, fetchOptions) => fetchResource(url, fetchOptions, settings) };
}
