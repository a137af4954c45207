import type { Fetcher } from '../../shared/types/fetcher.js';

export interface NodeFetcherOptions {
  /** Allow private, loopback, link-local and reserved addresses (AUDIT_ALLOW_PRIVATE=1; tests only). */
  allowPrivate?: boolean;
  /** Per-request timeout when the caller gives none (10 s). */
  defaultTimeoutMs?: number;
  /** Redirects followed before giving up (5). */
  maxRedirects?: number;
}

/** The Node Fetcher: SSRF-guarded, size- and time-capped. (Stub: the fetcher work replaces this.) */
export function createNodeFetcher(_options: NodeFetcherOptions = {}): Fetcher {
  throw new Error('createNodeFetcher is not implemented yet');
}
