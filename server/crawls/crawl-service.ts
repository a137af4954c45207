/**
 * What the routes and the MCP tools ask of site audits, whichever way crawls run: in this process
 * (embedded-crawls.ts: the coordinator on the server's audit threads) or as BullMQ jobs that `citable worker`
 * processes run (queued-crawls.ts, with REDIS_URL). Reads go to the store either way, so any API process
 * answers for any crawl.
 */
import type { Crawl, CrawlPage, CrawlRenderMode, CrawlSummary } from '../../shared/schema/crawl.js';
import type { CrawlListQuery, CrawlPagesQuery } from '../store/contracts/crawls.js';

export type CreateCrawlResult = { created: true; crawl: Crawl } | { created: false; reason: 'limit' };

export interface CrawlService {
  /** Stores the crawl (queued) and starts it; `limit` when the account already has its running crawls. */
  create(accountId: string, input: { url: string; max_pages?: number; render?: CrawlRenderMode }): Promise<CreateCrawlResult>;
  get(accountId: string, id: string): Promise<Crawl | null>;
  list(accountId: string, query: CrawlListQuery): Promise<{ crawls: CrawlSummary[]; next: CrawlListQuery['after'] | null }>;
  pages(accountId: string, id: string, query: CrawlPagesQuery): Promise<{ pages: CrawlPage[]; next: number | null } | null>;
  /** Cancels a queued or running crawl; a finished one is returned unchanged; null when it is not the account's. */
  cancel(accountId: string, id: string): Promise<Crawl | null>;
  /** After the server starts listening: resume the crawls a restart interrupted (embedded), or connect the queue. */
  start(): Promise<void>;
  /** Shutdown: stop running pages without ending their crawls (they resume at the next start). */
  stop(): Promise<void>;
}
