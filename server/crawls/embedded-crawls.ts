/**
 * Crawls run by this process (the embedded default, and PostgreSQL without Redis): the coordinator with
 * the server's page runner (its audit threads), every page audit stored as an ordinary audit. At start it
 * resumes what a restart interrupted; at shutdown it stops pages without ending their crawls.
 */
import type { Fetcher } from '../../shared/types/fetcher.js';
import type { Logger } from '../logging/logger.js';
import type { Store } from '../store/contracts/store.js';
import { CrawlCoordinator } from './crawl-coordinator.js';
import { CRAWL_DEFAULTS, type CrawlSettings } from './crawl-settings.js';
import type { CrawlService } from './crawl-service.js';
import { crawlWire } from './crawl-wire.js';
import { HostGate } from './host-gate.js';
import { newCrawlRecord } from './new-crawl.js';
import type { CrawlPageRunner } from './page-runner.js';
import { pageAuditSaver } from './save-page-audit.js';
import { crawlReads } from './store-reads.js';
import { countedPages } from './counted-pages.js';

export interface EmbeddedCrawlsOptions {
  store: Store;
  pages: CrawlPageRunner;
  fetcher: Fetcher;
  settings: CrawlSettings;
  logger: Logger;
  now?: () => Date;
}

export function createEmbeddedCrawls(options: EmbeddedCrawlsOptions): CrawlService & { coordinator: Promise<CrawlCoordinator> } {
  const now = options.now ?? (() => new Date());
  const coordinator = options.store.crawls().then(
    (store) =>
      new CrawlCoordinator({
        store: countedPages(store),
        pages: options.pages,
        fetcher: options.fetcher,
        gate: new HostGate(options.settings.hostConcurrency),
        settings: options.settings,
        saveAudit: pageAuditSaver(options.store),
        logger: options.logger,
        now,
      }),
  );
  coordinator.catch(() => undefined);
  return {
    coordinator,
    ...crawlReads(options.store),
    async create(accountId, input) {
      const crawls = await options.store.crawls();
      const record = newCrawlRecord(accountId, input.url, input.max_pages, now(), input.render);
      if ((await crawls.createCrawl(record, CRAWL_DEFAULTS.maxRunningPerAccount)) === 'limit') return { created: false, reason: 'limit' };
      void (await coordinator).run(record.id);
      return { created: true, crawl: crawlWire(record) };
    },
    async cancel(accountId, id) {
      const crawls = await options.store.crawls();
      const stored = await crawls.getCrawl(accountId, id);
      if (!stored) return null;
      if (stored.status === 'queued' || stored.status === 'running') await (await coordinator).cancel(id);
      return crawlWire((await crawls.getCrawl(accountId, id))!);
    },
    async start() {
      const resumed = await (await coordinator).resumeAll();
      if (resumed.length) options.logger.info('crawls resumed', { crawls: resumed.length });
    },
    async stop() {
      await (await coordinator).stop();
    },
  };
}
