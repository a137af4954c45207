/**
 * A crawl run by `citable crawl` in this process: the coordinator over an in-memory crawl store (nothing is
 * kept after the command), its pages on audit threads when the built worker is beside the CLI
 * (dist/audit-worker.mjs), else on this thread. The same engine and politeness as the server. The store
 * keeps no page list: each page's row goes to the report's shortlist (the worst and the failed pages), so the
 * command's memory does not grow with the pages beyond the URLs the crawl has seen.
 */
import type { Renderer } from '../../../shared/types/renderer.js';
import type { CrawlRenderMode } from '../../../shared/schema/crawl.js';
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createWorkerRunner, type WorkerRunner } from '../../audits/worker-runner.js';
import { CrawlCoordinator } from '../../crawls/crawl-coordinator.js';
import type { CrawlSettings } from '../../crawls/crawl-settings.js';
import { HostGate } from '../../crawls/host-gate.js';
import { newCrawlRecord } from '../../crawls/new-crawl.js';
import { createInProcessPageRunner, threadPageRunner } from '../../crawls/page-runner.js';
import { silentLogger } from '../../logging/logger.js';
import { createNodeFetcher } from '../../net/node-fetcher.js';
import { pageRow } from '../../store/contracts/crawls.js';
import { MemoryCrawlStore, transientPersistence } from '../../store/memory/crawls.js';
import type { StoredCrawl } from '../../store/contracts/crawls.js';
import { WORST_PAGES as HTML_WORST_PAGES } from '../../../shared/report/components/WorstPagesTable.js';
import type { CrawlPage } from '../../../shared/schema/crawl.js';
import type { CrawlPageOutcome } from '../../../shared/crawl/page-outcome.js';
import { PageShortlist } from './page-shortlist.js';
import { takeEarlyThreads } from './early-threads.js';
import { CriticalAdvice } from './advice.js';
import { WORST_PAGES } from './render-crawl-report.js';

export const CLI_ACCOUNT = 'cli';
/** Pages of each kind (worst audited, failed) the reports can show: the terminal's and the HTML's lists. */
export const SHORTLIST_SIZE = Math.max(WORST_PAGES, HTML_WORST_PAGES);

export interface LocalCrawl {
  store: MemoryCrawlStore;
  id: string;
  /** Resolves when the crawl has ended (complete, cancelled or failed). */
  done: Promise<void>;
  /** Ctrl-C: stops the pages and ends the crawl `cancelled` with what was audited. */
  cancel(): Promise<void>;
  read(): Promise<StoredCrawl>;
  /** The pages the reports show, in the order they were done: the worst audited and the first failed (SHORTLIST_SIZE of each). */
  pages(): CrawlPage[];
  /** The advice under each critical issue: one page's detail per critical rule. */
  advice(): Record<string, string>;
  close(): Promise<void>;
}

/**
 * The store `citable crawl` runs on: in memory, nothing durable, each page's row offered to the shortlist
 * and dropped (and its outcome to `onPage`, when given).
 */
export function createCliCrawlStore(onPage?: (outcome: CrawlPageOutcome) => void): { store: MemoryCrawlStore; shortlist: PageShortlist } {
  const shortlist = new PageShortlist(SHORTLIST_SIZE);
  const persistence = transientPersistence((outcome) => {
    shortlist.add(pageRow(outcome));
    onPage?.(outcome);
  });
  return { store: new MemoryCrawlStore(persistence), shortlist };
}

export function startLocalCrawl(input: {
  url: string;
  maxPages?: number;
  settings: CrawlSettings;
  allowPrivate: boolean;
  workerUrl: URL;
  /** Which pages are rendered, and the browser that renders them (`--render`). */
  render?: { mode: CrawlRenderMode; renderer: Renderer };
  /** Each page's outcome as it is done (the CI formats that list findings page by page). */
  onPage?: (outcome: CrawlPageOutcome) => void;
}): LocalCrawl {
  const fetcher = createNodeFetcher({ allowPrivate: input.allowPrivate });
  const cores = availableParallelism();
  const script = fileURLToPath(input.workerUrl);
  const threads: WorkerRunner | null = existsSync(script)
    ? createWorkerRunner({
        workerUrl: input.workerUrl,
        allowPrivate: input.allowPrivate,
        deadlineMs: input.settings.auditDeadlineMs,
        concurrency: input.settings.concurrency,
        // One thread per core, each with a few pages at once: their fetches overlap each other's parsing.
        maxThreads: cores,
        startedThreads: takeEarlyThreads(script),
        queueLimit: 0,
        lowerPriority: false,
        ...(input.render ? { renderer: input.render.renderer } : {}),
      })
    : null;
  // Every thread starts now, while robots.txt and the sitemaps are fetched.
  threads?.warm();
  const { store, shortlist } = createCliCrawlStore(input.onPage);
  const advice = new CriticalAdvice();
  const coordinator = new CrawlCoordinator({
    store,
    saveAudit: advice.see,
    pages: threads
      ? threadPageRunner(threads)
      : createInProcessPageRunner(fetcher, input.render ? { renderer: input.render.renderer } : {}),
    fetcher,
    gate: new HostGate(input.settings.hostConcurrency),
    settings: input.settings,
    logger: silentLogger,
  });
  const record = newCrawlRecord(CLI_ACCOUNT, input.url, input.maxPages, new Date(), input.render?.mode);
  const done = store.createCrawl(record, 1).then(() => coordinator.run(record.id));
  return {
    store,
    id: record.id,
    done,
    async cancel() {
      await coordinator.cancel(record.id);
    },
    read: async () => (await store.crawlById(record.id))!,
    pages: () => shortlist.pages(),
    advice: () => advice.byRule(),
    async close() {
      await threads?.close();
    },
  };
}
