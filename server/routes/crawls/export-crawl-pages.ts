/**
 * GET /crawls/{id}/pages.csv?rule=: every page of a crawl (or every page with an issue of `rule`) as CSV,
 * streamed: the rows are written as the store hands them over, 500 at a time, so a crawl of 10,000 pages
 * never sits in memory whole and the first bytes leave at once. Columns as in GET /crawls/{id}/pages.
 */
import { Readable } from 'node:stream';
import { CSV_CONTENT_TYPE, csvRecord, type CsvColumn } from '../../../shared/csv/csv.js';
import type { CrawlPage } from '../../../shared/schema/crawl.js';
import { auditIdFromPath } from '../../audits/audit-id.js';
import { HttpError } from '../../http/http-error.js';
import { singleParam } from '../query-params.js';
import { route } from '../route.js';
import { CRAWL_NOT_FOUND } from './get-crawl.js';
import { MAX_CRAWL_PAGES_PAGE, ruleParam } from './list-crawl-pages.js';

export const CRAWL_PAGE_COLUMNS: readonly CsvColumn<CrawlPage>[] = [
  { header: 'url', value: (p) => p.url },
  { header: 'score', value: (p) => p.score },
  { header: 'http_status', value: (p) => p.http_status },
  { header: 'critical', value: (p) => p.critical },
  { header: 'audit_id', value: (p) => p.audit_id },
  { header: 'error', value: (p) => p.error },
];

export const exportCrawlPages = route({
  method: 'GET',
  path: '/crawls/:id/pages.csv',
  async handle(ctx, deps) {
    const rule = ruleParam(singleParam(ctx.query, 'rule'));
    const accountId = ctx.state.account.id;
    const id = auditIdFromPath(ctx.params.id);
    const read = (after: number | undefined) =>
      deps.crawls.pages(accountId, id!, {
        limit: MAX_CRAWL_PAGES_PAGE,
        ...(after !== undefined ? { after } : {}),
        ...(rule ? { rule } : {}),
      });
    const first = id ? await read(undefined) : null;
    if (!first) throw new HttpError(404, CRAWL_NOT_FOUND);
    async function* rows(): AsyncGenerator<string> {
      yield csvRecord(CRAWL_PAGE_COLUMNS.map((c) => c.header));
      let page: typeof first = first;
      while (page) {
        yield page.pages.map((p) => csvRecord(CRAWL_PAGE_COLUMNS.map((c) => c.value(p)))).join('');
        page = page.next === null ? null : await read(page.next);
      }
    }
    ctx.type = CSV_CONTENT_TYPE;
    ctx.set('Content-Disposition', `attachment; filename="crawl-${id}-pages${rule ? `-${rule}` : ''}.csv"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = Readable.from(rows());
  },
});
