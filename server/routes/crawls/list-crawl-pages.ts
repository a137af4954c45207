/**
 * GET /crawls/{id}/pages?limit=&cursor=&rule=: the crawl's pages in the order they were audited,
 * `{url, audit_id, score, http_status, critical, error}` each, and `audit_expired: true` on a page whose audit
 * RETENTION_DAYS removed; `rule=` keeps the pages with that issue.
 */
import { ALL_RULES } from '../../../shared/rules/index.js';
import { auditIdFromPath } from '../../audits/audit-id.js';
import { HttpError } from '../../http/http-error.js';
import { DEFAULT_PAGE_SIZE } from '../audits/list-audits.js';
import { cursorOf } from '../cursor.js';
import { pageLimit, singleParam } from '../query-params.js';
import { route } from '../route.js';
import { CRAWL_NOT_FOUND } from './get-crawl.js';
import { markExpiredAudits } from '../../crawls/expired-audits.js';

export const MAX_CRAWL_PAGES_PAGE = 500;
const RULE_IDS = new Set(ALL_RULES.map((r) => r.id));

/** The place of the last page listed (`p1.<n>`). */
export const pagesCursor = cursorOf<number>({
  maxLength: 40,
  write: (position) => `p1.${position}`,
  read(text) {
    const match = /^p1\.(\d{1,9})$/.exec(text);
    return match ? Number(match[1]) : null;
  },
});

/** `?rule=`: a rule id, or a 400 that says what is expected. */
export function ruleParam(rule: string | undefined): string | undefined {
  if (rule !== undefined && !RULE_IDS.has(rule))
    throw new HttpError(400, "rule must be a rule id, as in the crawl's issues[].rule (such as content.title)");
  return rule;
}

export const listCrawlPages = route({
  method: 'GET',
  path: '/crawls/:id/pages',
  async handle(ctx, deps) {
    const limit = pageLimit(ctx.query, DEFAULT_PAGE_SIZE, MAX_CRAWL_PAGES_PAGE);
    const after = pagesCursor.fromQuery(ctx.query);
    const rule = ruleParam(singleParam(ctx.query, 'rule'));
    const id = auditIdFromPath(ctx.params.id);
    const page = id
      ? await deps.crawls.pages(ctx.state.account.id, id, {
          limit,
          ...(after !== undefined ? { after } : {}),
          ...(rule ? { rule } : {}),
        })
      : null;
    if (!page) throw new HttpError(404, CRAWL_NOT_FOUND);
    const pages = await markExpiredAudits(deps.store, ctx.state.account.id, page.pages);
    ctx.body = { pages, next_cursor: page.next === null ? null : pagesCursor.encode(page.next) };
  },
});
