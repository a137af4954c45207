/** Hand-made crawl records and page outcomes for store and rollup tests. */
import { randomUUID } from 'node:crypto';
import type { CrawlPageOutcome, PageIssueRef } from '../../../shared/crawl/page-outcome.js';
import { templateOf } from '../../../shared/crawl/template.js';
import { CATEGORY_NAMES } from '../../../shared/types/audit.js';
import type { StoredCrawl } from '../../../server/store/contracts/crawls.js';
import { newCrawlRecord } from '../../../server/crawls/new-crawl.js';
import type { GatheredSiteFiles } from '../../../shared/gather/gather-site-files.js';
import { failedResource } from '../../../shared/gather/failed-resource.js';
import { SITE_FILES, type SiteFileMember } from '../../../shared/gather/site-files.js';
import type { FetchedResource } from '../../../shared/types/fetcher.js';

/** A queued crawl as the API creates it (newCrawlRecord), of https://shop.example/, with `overrides`. */
export function newCrawl(accountId: string, overrides: Partial<StoredCrawl> = {}): StoredCrawl {
  return { ...newCrawlRecord(accountId, 'https://shop.example/', 100, new Date()), ...overrides };
}

export function outcome(
  url: string,
  score: number,
  issues: Array<Partial<PageIssueRef> & { rule: string }> = [],
  extra: Partial<CrawlPageOutcome> = {},
): CrawlPageOutcome {
  return {
    url,
    template: templateOf(url),
    audit_id: randomUUID(),
    http_status: 200,
    error: null,
    score,
    critical: issues.some((i) => i.severity === 'critical'),
    categories: CATEGORY_NAMES.map((name) => ({ name, score, applicable: name !== 'Trust' })),
    issues: issues.map((i) => ({ severity: 'warning', category: 'Content Structure', ...i })),
    builder: 'WordPress',
    sample: null,
    ...extra,
  };
}

export function emptySiteFiles(origin = 'https://shop.example'): GatheredSiteFiles {
  const missing = (path: string) => ({ ...failedResource(`${origin}${path}`, 'refused', 'refused'), error: undefined, status: 404 });
  return {
    origin,
    files: {
      ...(Object.fromEntries(Object.entries(SITE_FILES).map(([member, row]) => [member, missing(row.path)])) as Record<
        SiteFileMember,
        FetchedResource
      >),
      sitemap: missing('/sitemap.xml'),
    },
  };
}
