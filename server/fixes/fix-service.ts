/**
 * Fixes for an account's audit or crawl (GET /audits/{id}/fixes, GET /crawls/{id}/fixes, MCP get_fixes): the
 * plan comes from what the audit or crawl found, the contents from the site as it answers now (read through the
 * SSRF-guarded fetcher), and for a crawl the titles and descriptions its pages kept. Null: not this account's.
 */
import type { Fetcher } from '../../shared/types/fetcher.js';
import type { Fix, FixPolicy } from '../../shared/fixes/types.js';
import { buildAuditFixes, buildCrawlFixes, crawlPageEntry } from '../../shared/fixes/build-fixes.js';
import { readFixInputs } from '../../shared/fixes/read-inputs.js';
import type { CrawlPageEntry } from '../../shared/fixes/inputs.js';
import type { CrawlPageOutcome } from '../../shared/crawl/page-outcome.js';
import { loadAudit } from '../reports/load-audit.js';
import type { Store } from '../store/contracts/store.js';
import type { CrawlStore } from '../store/contracts/crawls.js';

export interface FixService {
  auditFixes(accountId: string, id: string, policy: FixPolicy): Promise<Fix[] | null>;
  crawlFixes(accountId: string, id: string, policy: FixPolicy): Promise<Fix[] | null>;
}

export interface FixServiceDeps {
  store: Store;
  fetcher: Fetcher;
  /** How long reading the site may take (the audit deadline). */
  deadlineMs: number;
}

const PAGE_BATCH = 500;

export function createFixService(deps: FixServiceDeps): FixService {
  const read = (url: string, linkedPages?: number) =>
    readFixInputs(url, { fetcher: deps.fetcher, deadlineMs: deps.deadlineMs, ...(linkedPages !== undefined ? { linkedPages } : {}) });
  return {
    async auditFixes(accountId, id, policy) {
      const audit = await loadAudit(deps.store, accountId, id);
      return audit ? buildAuditFixes(audit, await read(audit.final_url), policy) : null;
    },
    async crawlFixes(accountId, id, policy) {
      const crawls = await deps.store.crawls();
      const crawl = await crawls.getCrawl(accountId, id);
      if (!crawl) return null;
      const outcomes = await allOutcomes(crawls, accountId, id);
      const start = outcomes.find((o) => o.url === crawl.start_url) ?? outcomes.find((o) => o.audit_id) ?? null;
      const startAudit = start?.audit_id ? await loadAudit(deps.store, accountId, start.audit_id) : null;
      const inputs = await read(startAudit?.final_url ?? start?.url ?? crawl.start_url, 0);
      const source = {
        siteRules: new Set(outcomes.flatMap((o) => o.issues.map((i) => i.rule))),
        startPageRules: new Set(start?.issues.map((i) => i.rule) ?? []),
        pages: outcomes.filter(listable).map((o): CrawlPageEntry => crawlPageEntry(o.url, o.summary)),
        agentFiles: startAudit?.signals.agent_discovery?.files ?? [],
      };
      return buildCrawlFixes(source, inputs, policy);
    },
  };
}

/** A page llms.txt may link: audited, and answered 2xx (agents following the link get the page). */
function listable(outcome: CrawlPageOutcome): boolean {
  return outcome.audit_id !== null && outcome.http_status !== null && outcome.http_status >= 200 && outcome.http_status < 300;
}

async function allOutcomes(crawls: CrawlStore, accountId: string, id: string): Promise<CrawlPageOutcome[]> {
  const out: CrawlPageOutcome[] = [];
  let after: number | undefined;
  for (;;) {
    const batch = await crawls.listPageOutcomes(accountId, id, { limit: PAGE_BATCH, ...(after !== undefined ? { after } : {}) });
    if (!batch) return out;
    out.push(...batch.outcomes);
    if (batch.next === null) return out;
    after = batch.next;
  }
}
