/** What a CrawlCoordinator needs, and what it keeps of a crawl it runs: shared with each CrawlRun. */
import type { Audit } from '../../shared/types/audit.js';
import type { Fetcher } from '../../shared/types/fetcher.js';
import type { Logger } from '../logging/logger.js';
import type { CrawlStore } from '../store/contracts/crawls.js';
import type { CrawlSettings } from './crawl-settings.js';
import type { HostGate } from './host-gate.js';
import type { CrawlPageRunner } from './page-runner.js';

export interface CoordinatorDeps {
  store: CrawlStore;
  pages: CrawlPageRunner;
  /** The SSRF-guarded fetcher for the start and the site files (and the sitemaps, when `pages` cannot read them). */
  fetcher: Fetcher;
  gate: HostGate;
  settings: CrawlSettings;
  /** Stores a page's audit; resolves with the audit as stored (a retry finds the first one). Absent: not stored (the CLI). */
  saveAudit?: (accountId: string, audit: Audit) => Promise<Audit>;
  logger: Logger;
  now?: () => Date;
}

export type StopReason = 'cancel' | 'deadline' | 'shutdown';

export interface Running {
  controller: AbortController;
  stop: StopReason | null;
  done: Promise<void>;
}
