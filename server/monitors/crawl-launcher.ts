/**
 * What a crawl monitor needs from site crawls (docs/api-decisions.md#crawls), and nothing more: start a crawl for
 * an account, as POST /crawls would (its SSRF guard, its politeness), and say how it ended. The crawl
 * backend implements it; until a server has one, crawl monitors are stored and scheduled, and each run
 * records `last_error` saying crawls are not available (no 4xx/5xx at creation: the monitor starts
 * working the day the backend is there).
 */
import type { CrawlRenderMode } from '../../shared/schema/crawl.js';

export interface CrawlOutcome {
  id: string;
  url: string;
  /** `complete`, `failed` or `cancelled`. */
  status: string;
  /** The crawl's score once complete, else null. */
  score: number | null;
}

export interface CrawlLauncher {
  /** Starts a crawl of `url` for the account, up to `maxPages` pages, and resolves when it has ended. `signal`: the server is stopping. */
  crawl(accountId: string, url: string, maxPages: number, signal: AbortSignal, render?: CrawlRenderMode): Promise<CrawlOutcome>;
}

export const NO_CRAWLS_MESSAGE =
  'crawl monitors need site crawls, which this server does not have yet; the monitor runs once they are available';
