/** How crawls run: read from the environment by server/settings/crawl-settings.ts, shared by the server, the CLI and `citable worker`. */
export interface CrawlSettings {
  /** A crawl stops (complete, with what it audited) this long after it started (CRAWL_DEADLINE_MS). */
  deadlineMs: number;
  /** Requests at once to one host, across crawls (CRAWL_HOST_CONCURRENCY, contract default 4). */
  hostConcurrency: number;
  /** Pages audited at once across every crawl of this process. */
  concurrency: number;
  /** Time budget of one page audit (AUDIT_DEADLINE_MS). */
  auditDeadlineMs: number;
  /** Times a page answering 429 or 503 is asked again (after the wait it asked for) before it is audited as it is. */
  busyRetries: number;
  /** Longest Retry-After honoured; a longer one is cut to this. */
  maxRetryAfterMs: number;
  /** The pause after a 429 or 503 without Retry-After. */
  busyPauseMs: number;
}

export const CRAWL_DEFAULTS = {
  deadlineMs: 30 * 60_000,
  hostConcurrency: 4,
  busyRetries: 3,
  maxRetryAfterMs: 60_000,
  busyPauseMs: 2_000,
  /** Running crawls per account (contract section 10). */
  maxRunningPerAccount: 2,
} as const;
