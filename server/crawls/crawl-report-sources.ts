/**
 * What a crawl's client report reads from the crawl store (server/reports/crawl-report.ts): the audited pages,
 * one page audit per critical rule for its advice, and the account's earlier complete crawls of the same URL.
 * The same sources serve GET /crawls/{id}/report, the share page and `citable crawl --html`.
 */
import type { CrawlPage, ScorePoint } from '../../shared/report/types.js';
import type { CrawlReportSources } from '../reports/crawl-report.js';
import { loadAudit } from '../reports/load-audit.js';
import type { CrawlStore, StoredCrawl } from '../store/contracts/crawls.js';
import type { Store } from '../store/contracts/store.js';
import { markExpiredAudits } from './expired-audits.js';

const PAGE_BATCH = 500;
/** Earlier crawls looked at for the score history (newest first). */
const HISTORY_CRAWLS = 200;

export async function crawlReportSources(
  store: Store,
  accountId: string,
  crawl: StoredCrawl,
  options: { history: boolean },
): Promise<CrawlReportSources> {
  const crawls = await store.crawls();
  return {
    pages: async () => markExpiredAudits(store, accountId, await auditedPages(crawls, accountId, crawl.id)),
    async pageAuditWithRule(rule) {
      const first = (await crawls.listPages(accountId, crawl.id, { limit: 1, rule }))?.pages[0];
      return first?.audit_id ? loadAudit(store, accountId, first.audit_id) : null;
    },
    history: () => (options.history ? earlierScores(crawls, accountId, crawl) : Promise.resolve([])),
  };
}

/** Every audited page (failed ones have no score), read in batches. */
async function auditedPages(crawls: CrawlStore, accountId: string, id: string): Promise<CrawlPage[]> {
  const out: CrawlPage[] = [];
  let after: number | undefined;
  for (;;) {
    const batch = await crawls.listPages(accountId, id, { limit: PAGE_BATCH, ...(after !== undefined ? { after } : {}) });
    if (!batch) return out;
    for (const page of batch.pages) {
      if (page.score !== null)
        out.push({
          url: page.url,
          ...(page.audit_id ? { audit_id: page.audit_id } : {}),
          score: page.score,
          http_status: page.http_status,
          critical: page.critical,
        });
    }
    if (batch.next === null) return out;
    after = batch.next;
  }
}

/** Site scores of the account's earlier complete crawls of the same URL, oldest first. */
async function earlierScores(crawls: CrawlStore, accountId: string, crawl: StoredCrawl): Promise<ScorePoint[]> {
  const points: ScorePoint[] = [];
  let after: { time: number; id: string } | undefined;
  let seen = 0;
  while (seen < HISTORY_CRAWLS) {
    const page = await crawls.listCrawls(accountId, { limit: 100, ...(after ? { after } : {}) });
    for (const earlier of page.crawls) {
      seen++;
      if (earlier.id === crawl.id || earlier.url !== crawl.url || earlier.status !== 'complete' || !earlier.finished_at) continue;
      if (earlier.created_at >= crawl.created_at) continue;
      const score = earlier.result?.score ?? null;
      if (score !== null) points.push({ scanned_at: earlier.finished_at, score });
    }
    if (!page.next) break;
    after = page.next;
  }
  return points.reverse();
}
