/**
 * How the server runs site audits: in this process, on its audit threads (the embedded default, and
 * PostgreSQL without Redis), keeping one thread for POST /audits; with REDIS_URL and DATABASE_URL, as BullMQ jobs
 * that `citable worker` processes run (the API only queues them and reads the store).
 */
import type { Fetcher } from '../../shared/types/fetcher.js';
import type { WorkerRunner } from '../audits/worker-runner.js';
import { crawlSettingsFor } from '../crawls/crawl-settings.js';
import type { CrawlService } from '../crawls/crawl-service.js';
import { createEmbeddedCrawls } from '../crawls/embedded-crawls.js';
import { createQueuedCrawls } from '../crawls/queued/queued-crawls.js';
import { createInProcessPageRunner, threadPageRunner } from '../crawls/page-runner.js';
import type { Logger } from '../logging/logger.js';
import type { ServerConfig } from '../settings/server-config.js';
import type { Store } from '../store/contracts/store.js';
import type { Renderer } from '../../shared/types/renderer.js';

export async function createServerCrawls(deps: {
  config: ServerConfig;
  store: Store;
  fetcher: Fetcher;
  runner: WorkerRunner | undefined;
  /** The process's browser, for crawls with `render` (the audit threads have it already). */
  renderer: Renderer;
  logger: Logger;
}): Promise<CrawlService> {
  const { config } = deps;
  // Workers need a store they share with the API: PostgreSQL. A data directory is one process's.
  if (config.redisUrl && config.databaseUrl)
    return createQueuedCrawls({ store: deps.store, redisUrl: config.redisUrl, logger: deps.logger });
  const settings = crawlSettingsFor({
    auditDeadlineMs: config.auditDeadlineMs,
    concurrency: Math.max(1, config.auditConcurrency - 1),
    env: config.crawl,
  });
  return createEmbeddedCrawls({
    store: deps.store,
    pages: deps.runner ? threadPageRunner(deps.runner) : createInProcessPageRunner(deps.fetcher, { renderer: deps.renderer }),
    fetcher: deps.fetcher,
    settings,
    logger: deps.logger,
  });
}
