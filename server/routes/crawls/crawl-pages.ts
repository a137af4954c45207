/**
 * GET /crawls/{id}/pages?limit=&cursor=&rule=: the crawl's pages in the order they were audited,
 * `{url, audit_id, score, http_status, critical, error}` each; `rule=` keeps the pages with that issue.
 */
import { ALL_RULES } from '../../../shared/rules/index.js';
import { auditIdFromPath } from '../../audits/audit-id.js';
import { HttpError } from '../../http/http-error.js';
import { DEFAULT_PAGE_SIZE } from '../audits/list-audits.js';
import { authed } from '../authed.js';
import { pageLimit, singleParam } from '../query-params.js';
import type { RouteModule } from '../route-module.js';
import { CRAWL_NOT_FOUND } from './get-crawl.js';

export const MAX_CRAWL_PAGES_PAGE = 500;
const RULE_IDS = new Set(ALL_RULES.map((r) => r.id));

export const crawlPagesRoute: RouteModule = {
  name: 'GET /crawls/{id}/pages',
  register(router, deps) {
    router.get(
      '/crawls/:id/pages',
      ...deps.guard,
      authed(async (ctx) => {
        const limit = pageLimit(ctx.query, DEFAULT_PAGE_SIZE, MAX_CRAWL_PAGES_PAGE);
        const cursor = singleParam(ctx.query, 'cursor');
        const after = cursor === undefined ? undefined : decodePagesCursor(cursor);
        if (after === null) throw new HttpError(400, 'cursor is not valid: pass the next_cursor of a previous page unchanged');
        const rule = singleParam(ctx.query, 'rule');
        if (rule !== undefined && !RULE_IDS.has(rule))
          throw new HttpError(400, "rule must be a rule id, as in the crawl's issues[].rule (such as content.title)");
        const id = auditIdFromPath(ctx.params.id);
        const page = id
          ? await deps.crawls.pages(ctx.state.account.id, id, {
              limit,
              ...(after !== undefined ? { after } : {}),
              ...(rule ? { rule } : {}),
            })
          : null;
        if (!page) throw new HttpError(404, CRAWL_NOT_FOUND);
        ctx.body = { pages: page.pages, next_cursor: page.next === null ? null : encodePagesCursor(page.next) };
      }),
    );
  },
};

function encodePagesCursor(position: number): string {
  return Buffer.from(`p1.${position}`).toString('base64url');
}

function decodePagesCursor(cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(cursor)) return null;
  const match = /^p1\.(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : null;
}
