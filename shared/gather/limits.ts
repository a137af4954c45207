/** Caps on what one audit may fetch (issue: page 5 MB, script 3 MB, site file 1 MB, 25 scripts, 8 MB of scripts). */
export interface GatherLimits {
  pageBytes: number;
  scriptBytes: number;
  siteFileBytes: number;
  scriptCount: number;
  scriptTotalBytes: number;
  requestTimeoutMs: number;
  deadlineMs: number;
  scriptConcurrency: number;
  /** Agent probes in flight at once (the same bound as a crawl's CRAWL_HOST_CONCURRENCY default). */
  probeConcurrency: number;
}

export const DEFAULT_LIMITS: GatherLimits = {
  pageBytes: 5 * 1024 * 1024,
  scriptBytes: 3 * 1024 * 1024,
  siteFileBytes: 1024 * 1024,
  scriptCount: 25,
  scriptTotalBytes: 8 * 1024 * 1024,
  requestTimeoutMs: 10_000,
  deadlineMs: 45_000,
  scriptConcurrency: 6,
  probeConcurrency: 4,
};
