/**
 * The end of a crawl, whoever ends it (the coordinator, a cancel through the API, the last page job of a
 * queued crawl): the site findings completed with what the sample pages found, then the store's finishCrawl,
 * which summarises the rollup and counts what was still queued as skipped. Exactly one caller ends a crawl.
 */
import { crawlRobots, siteFindings, type RobotsVerdict, type SitemapRead } from '../../shared/crawl/site-findings.js';
import type { GatheredSiteFiles } from '../../shared/gather/gather-site-files.js';
import type { CrawlSite } from '../../shared/schema/crawl.js';
import type { CrawlEnd, CrawlStore } from '../store/contracts/crawls.js';

/**
 * What the caller has at hand when the start page was never audited (robots.txt refused it, or it failed): what is
 * missing is read from the store (robots.txt parsed here only when no verdict came with the end).
 */
export interface FreshSite {
  files?: GatheredSiteFiles;
  robots?: RobotsVerdict;
  sitemaps?: SitemapRead[];
}

export async function endCrawl(
  store: CrawlStore,
  id: string,
  end: { status: CrawlEnd['status']; error: string | null; notes: string[]; now: Date },
  fresh?: FreshSite,
): Promise<boolean> {
  const record = await store.crawlById(id);
  if (!record || (record.status !== 'queued' && record.status !== 'running')) return false;
  let site: CrawlSite | null = record.site;
  if (end.status !== 'failed' && record.status === 'running') {
    const rollup = await store.rollup(id);
    const sample = {
      pages: rollup.sample.pages,
      markdown_served: rollup.sample.markdownServed,
      ai_agents_blocked: rollup.sample.agentsBlocked,
    };
    if (site) site = { ...site, sample };
    else {
      const files = fresh?.files ?? (await store.siteFiles(id));
      if (files)
        site = siteFindings({
          startUrl: record.start_url,
          startAudit: null,
          files,
          robots: fresh?.robots ?? crawlRobots(files),
          sitemaps: fresh?.sitemaps ?? [],
          rollup,
        });
    }
  }
  return store.finishCrawl(id, { status: end.status, finished_at: end.now.toISOString(), error: end.error, notes: end.notes, site });
}
