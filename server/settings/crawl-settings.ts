/**
 * Site audits from the environment (docs/configuration.md), read the same way by the server, `citable crawl`
 * and `citable worker`: the crawl deadline, requests at once per host, and pages at once per process.
 */
import { readDuration, readInt, type Env } from './parse.js';

/** The numbers of docs/api-decisions.md#crawls and this server's defaults. */
export const CRAWL_DEFAULTS = {
  deadlineMs: 30 * 60_000,
  hostConcurrency: 4,
  busyRetries: 3,
  maxRetryAfterMs: 60_000,
  busyPauseMs: 2_000,
  /** Running crawls per account (docs/api-decisions.md#crawls). */
  maxRunningPerAccount: 2,
} as const;

export interface CrawlEnvSettings {
  /** CRAWL_DEADLINE_MS: a crawl stops (complete, with what it audited) this long after its start. */
  deadlineMs: number;
  /** CRAWL_HOST_CONCURRENCY: requests at once to one host, across this process's crawls. */
  hostConcurrency: number;
  /** CRAWL_CONCURRENCY: pages audited at once by this process; null: the host's default. */
  concurrency: number | null;
}

export function readCrawlSettings(env: Env): CrawlEnvSettings {
  const concurrency = readInt(env, 'CRAWL_CONCURRENCY', 0, 0, 64);
  return {
    deadlineMs: readDuration(env, 'CRAWL_DEADLINE_MS', CRAWL_DEFAULTS.deadlineMs, 1_000),
    hostConcurrency: readInt(env, 'CRAWL_HOST_CONCURRENCY', CRAWL_DEFAULTS.hostConcurrency, 1, 32),
    concurrency: concurrency === 0 ? null : concurrency,
  };
}
