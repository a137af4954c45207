/**
 * What runs one crawl page: in this thread (the CLI, tests, `citable worker`), or on the server's audit
 * threads (worker-runner.ts, which sends each thread the crawl's site files once). Either way it is
 * auditCrawlPage over the SSRF-guarded fetcher, with the crawl's non-page resources fetched once. The same
 * runner reads the crawl's sitemap files (readSitemapFile: up to 16 MB each, parsed and sorted), on the threads
 * when it has them: the thread that serves the API only gets the bounded lists back; and robots.txt for the crawl's
 * start (its verdict, and whether the start URL is allowed), so a hostile robots.txt is never parsed there.
 */
import type { Fetcher } from '../../shared/types/fetcher.js';
import type { Renderer } from '../../shared/types/renderer.js';
import { auditCrawlPage, type CrawlPageRequest, type CrawlPageResult, type PageGathered } from '../../shared/crawl/crawl-page.js';
import type { GatheredSiteFiles } from '../../shared/gather/gather-site-files.js';
import { readSitemapFile, type SitemapFileRequest, type SitemapFileResult } from '../../shared/crawl/sitemap-file.js';
import { startRobots } from '../../shared/crawl/robots-allow.js';
import type { StartRobots } from '../../shared/crawl/site-findings.js';
import type { Rule } from '../../shared/judge/rule.js';
import { cachingFetcher, createResourceCache } from '../net/resource-cache.js';
import { AuditCancelledError } from '../audits/audit-runner.js';
import type { WorkerRunner } from '../audits/worker-runner.js';

/** The crawl's site files, under a key a thread remembers them by (the crawl id). */
export interface KeyedSiteFiles {
  key: string;
  files: GatheredSiteFiles;
}

export interface CrawlPageRunner {
  /**
   * `onGathered`: told once the page's own fetches are done (runners that can tell); a page still waiting for its
   * render tells its links with it.
   */
  runPage(request: CrawlPageRequest, siteFiles: KeyedSiteFiles, signal: AbortSignal, onGathered?: PageGathered): Promise<CrawlPageResult>;
  /** Reads one sitemap file of the crawl's discovery; absent: the coordinator reads it on its own thread. */
  readSitemap?(request: SitemapFileRequest, siteFiles: KeyedSiteFiles, signal: AbortSignal): Promise<SitemapFileResult>;
  /**
   * Reads the crawl's robots.txt (parsed, the Citable group selected, `startUrl` matched): up to 500 KiB of rules, so
   * on the threads when the runner has them. Absent: the coordinator reads it on its own thread.
   */
  readRobots?(startUrl: string, siteFiles: KeyedSiteFiles, signal: AbortSignal): Promise<StartRobots>;
}

export function createInProcessPageRunner(
  fetcher: Fetcher,
  options: { onRuleError?: (rule: Rule, error: unknown) => void; renderer?: Renderer } = {},
): CrawlPageRunner {
  const cache = createResourceCache();
  return {
    runPage: (request, siteFiles, signal, onGathered) =>
      auditCrawlPage(request, {
        ...(onGathered ? { onGathered } : {}),
        fetcher: cachingFetcher(fetcher, cache, siteFiles.key),
        siteFiles: siteFiles.files,
        signal,
        ...(options.onRuleError ? { onRuleError: options.onRuleError } : {}),
        ...(options.renderer ? { renderer: options.renderer } : {}),
      }),
    readSitemap: (request, siteFiles, signal) => readSitemapFile(request, { fetcher, files: siteFiles.files, signal }),
    readRobots: async (startUrl, siteFiles) => startRobots(siteFiles.files, startUrl),
  };
}

/**
 * Pages on the server's audit threads. A thread that dies on a page (out of memory on a pathological page, a
 * crash) fails that page, not the crawl; a cancelled page (the crawl stopped) rejects, so it is not recorded.
 */
export function threadPageRunner(threads: Pick<WorkerRunner, 'runPage' | 'runSitemap' | 'runRobots'>): CrawlPageRunner {
  return {
    async runPage(request, siteFiles, signal, onGathered) {
      try {
        return await threads.runPage(request, siteFiles, signal, onGathered);
      } catch (error) {
        if (signal.aborted || error instanceof AuditCancelledError) throw error;
        return { kind: 'failed', code: 'network', message: error instanceof Error ? error.message : String(error) };
      }
    },
    readSitemap: (request, siteFiles, signal) => threads.runSitemap(request, siteFiles, signal),
    readRobots: (startUrl, siteFiles, signal) => threads.runRobots(startUrl, siteFiles, signal),
  };
}
