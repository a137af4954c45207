/** GET /crawls?limit=&cursor=: the account's crawls, newest first, as summaries, with an opaque cursor. */
import { auditCursor } from '../audits/audit-cursor.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../audits/list-audits.js';
import { pageLimit } from '../query-params.js';
import { route } from '../route.js';

export const listCrawls = route({
  method: 'GET',
  path: '/crawls',
  async handle(ctx, deps) {
    const limit = pageLimit(ctx.query, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const after = auditCursor.fromQuery(ctx.query);
    const page = await deps.crawls.list(ctx.state.account.id, { limit, ...(after ? { after } : {}) });
    ctx.body = { crawls: page.crawls, next_cursor: page.next ? auditCursor.encode(page.next) : null };
  },
});
