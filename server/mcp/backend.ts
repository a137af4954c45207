/**
 * What the MCP tools stand on. Each transport gives the tools one backend: the account's store and the
 * API's audit runner behind POST /mcp (backends/account-backend.ts), the engine in this process for
 * `citable mcp` (backends/local-backend.ts), or a Citable server's REST API for `citable mcp --api-url`
 * (backends/remote-backend.ts). A part a backend cannot offer is left out, and the tools that need it
 * are not registered (tools/index.ts): the crawl and summary tools are such optional members.
 */
import type { AuditRunOptions } from '../audits/audit-runner.js';
import type { CitationEngineId } from '../../shared/schema/citation-engines.js';
import type { CitationList } from '../../shared/schema/citation.js';
import type { CitationSummary } from '../../shared/schema/citation-intelligence.js';
import type { Crawl, CrawlRenderMode } from '../../shared/schema/crawl.js';
import type { Audit } from '../../shared/types/audit.js';
import type { Fix, FixPolicy } from '../../shared/fixes/types.js';
import type { Traffic } from '../../shared/schema/traffic.js';

/** The filters of GET /citations, as an MCP client passes them (validated by the backend as the API does). */
export interface CitationQueryArgs {
  engine?: CitationEngineId;
  prompt_id?: string;
  domain?: string;
  since?: string;
  history?: boolean;
  limit?: number;
  cursor?: string;
}

/** The filters of GET /citations/summary. */
export interface CitationSummaryArgs {
  project_id?: string;
  prompt_id?: string;
  engine?: CitationEngineId;
  since?: string;
  until?: string;
}

/** The arguments as the query string of GET /citations (which both account and remote backends parse). */
export function asQueryParameters(args: CitationQueryArgs | CitationSummaryArgs): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(args)) if (value !== undefined) query[name] = String(value);
  return query;
}

export interface McpBackend {
  /**
   * Audits a page as submitted (a bare host is fine) and keeps the audit for getAudit. Counts toward the
   * account's audit rate limit where there is one. A user mistake throws McpToolError.
   */
  runAudit(url: string, options?: AuditRunOptions): Promise<Audit>;
  /** A kept audit by id, or null when there is none (unknown, malformed, or another account's). */
  getAudit(id: string): Promise<Audit | null>;
  /** Says where getAudit looks, for the "not found" answer. */
  readonly auditScope: string;
  /** Citation results of the account (GET /citations). Absent where there is no account (local `citable mcp`). */
  listCitations?(query: CitationQueryArgs): Promise<CitationList>;
  /** GET /citations/summary of the account. Absent where there is no account. */
  citationSummary?(query: CitationSummaryArgs): Promise<CitationSummary>;
  /** POST /crawls: starts a site audit of the account and answers it queued. Absent where there is no account. */
  crawlSite?(input: { url: string; max_pages?: number; render?: CrawlRenderMode }): Promise<Crawl>;
  /** GET /crawls/{id}: the account's crawl (progress, or the rollup once ended), or null. */
  getCrawl?(id: string): Promise<Crawl | null>;
  /**
   * GET /audits/{id}/fixes or GET /crawls/{id}/fixes: the fixes of a kept audit or a crawl, read from the site now;
   * null when there is no such audit or crawl.
   */
  getFixes?(of: 'audit' | 'crawl', id: string, policy: FixPolicy): Promise<Fix[] | null>;
  /** GET /projects/{id}/traffic: a project's AI crawler traffic; an unknown project throws McpToolError. Absent where there is no account. */
  crawlerTraffic?(projectId: string, query: { since?: string; until?: string; agent?: string; purpose?: string }): Promise<Traffic>;
}

/**
 * A mistake or refusal the caller can act on: a bad URL, a refused address, an unknown id, a rate limit.
 * Tools answer it as a tool error (`isError: true`) with this message; any other error is an internal
 * one, logged, and answered without its details.
 */
export class McpToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpToolError';
  }
}
