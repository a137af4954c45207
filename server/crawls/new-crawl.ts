/** A crawl record as created (status queued), for the API, the CLI and the MCP tool alike. */
import { randomUUID } from 'node:crypto';
import { DEFAULT_MAX_PAGES, type CrawlRenderMode } from '../../shared/schema/crawl-values.js';
import type { StoredCrawl } from '../store/contracts/crawls.js';
import { newPageIdKey } from './page-audit-id.js';

export function newCrawlRecord(
  accountId: string,
  url: string,
  maxPages: number | undefined,
  now: Date,
  render: CrawlRenderMode = 'none',
): StoredCrawl {
  return {
    id: randomUUID(),
    account_id: accountId,
    url,
    start_url: url,
    host: null,
    status: 'queued',
    max_pages: maxPages ?? DEFAULT_MAX_PAGES,
    render,
    created_at: now.toISOString(),
    started_at: null,
    finished_at: null,
    deadline_at: null,
    progress: { discovered: 0, audited: 0, failed: 0, skipped: 0 },
    error: null,
    notes: [],
    site: null,
    result: null,
    admission: { queued: 0, sampled: [] },
    page_id_key: newPageIdKey(),
  };
}
