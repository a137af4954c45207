/** GET /crawls?limit=&cursor=: the account's crawls, newest first, as summaries, with an opaque cursor. */
import { HttpError } from '../../http/http-error.js';
import { decodeCursor, encodeCursor } from '../audits/cursor.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../audits/list-audits.js';
import { authed } from '../authed.js';
import { pageLimit, singleParam } from '../query-params.js';
import type { RouteModule } from '../route-module.js';

export const listCrawlsRoute: RouteModule = {
  name: 'GET /crawls',
  register(router, deps) {
    router.get(
      '/crawls',
      ...deps.guard,
      authed(async (ctx) => {
        const limit = pageLimit(ctx.query, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
        const cursor = singleParam(ctx.query, 'cursor');
        const after = cursor === undefined ? undefined : decodeCursor(cursor);
        if (after === null) throw new HttpError(400, 'cursor is not valid: pass the next_cursor of a previous page unchanged');
        const page = await deps.crawls.list(ctx.state.account.id, { limit, ...(after ? { after } : {}) });
        ctx.body = { crawls: page.crawls, next_cursor: page.next ? encodeCursor(page.next) : null };
      }),
    );
  },
};
