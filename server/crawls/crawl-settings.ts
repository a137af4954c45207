import { CRAWL_DEFAULTS } from '../settings/crawl-settings.js';

export { CRAWL_DEFAULTS };

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

/** The settings of a process: the CRAWL_* variables as read (absent: the defaults), and its own concurrency default. */
export function crawlSettingsFor(input: {
  auditDeadlineMs: number;
  /** Pages at once when CRAWL_CONCURRENCY is not set. */
  concurrency: number;
  env?: { deadlineMs: number; hostConcurrency: number; concurrency: number | null };
}): CrawlSettings {
  return {
    deadlineMs: input.env?.deadlineMs ?? CRAWL_DEFAULTS.deadlineMs,
    hostConcurrency: input.env?.hostConcurrency ?? CRAWL_DEFAULTS.hostConcurrency,
    concurrency: input.env?.concurrency ?? input.concurrency,
    auditDeadlineMs: input.auditDeadlineMs,
    busyRetries: CRAWL_DEFAULTS.busyRetries,
    maxRetryAfterMs: CRAWL_DEFAULTS.maxRetryAfterMs,
    busyPauseMs: CRAWL_DEFAULTS.busyPauseMs,
  };
}
