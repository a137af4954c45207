/** GET /audits?limit=&cursor=&url=: the caller's audits, newest first, as summaries, with an opaque cursor. */
import { MAX_URL_LENGTH } from '../../../shared/url/normalize.js';
import { HttpError } from '../../http/http-error.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import type { AuditListQuery } from '../../store/contracts/audits.js';
import type { RouteModule } from '../route-module.js';
import { pageLimit, singleParam, type RawQuery } from '../query-params.js';
import { authed } from '../authed.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const listAuditsRoute: RouteModule = {
  name: 'GET /audits',
  register(router, deps) {
    router.get(
      '/audits',
      ...deps.guard,
      authed(async (ctx) => {
        const query = parseListQuery(ctx.query);
        const page = await deps.store.listAudits(ctx.state.account.id, query);
        ctx.body = { audits: page.audits, next_cursor: page.next ? encodeCursor(page.next) : null };
      }),
    );
  },
};

export function parseListQuery(raw: RawQuery): AuditListQuery {
  const single = (name: string) => singleParam(raw, name);
  const query: AuditListQuery = { limit: pageLimit(raw, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE) };
  const cursor = single('cursor');
  if (cursor !== undefined) {
    const after = decodeCursor(cursor);
    if (!after) throw new HttpError(400, 'cursor is not valid: pass the next_cursor of a previous page unchanged');
    query.after = after;
  }
  const url = single('url');
  if (url !== undefined) {
    if (!url || url.length > MAX_URL_LENGTH) throw new HttpError(400, `url must be 1 to ${MAX_URL_LENGTH} characters`);
    query.url = url;
  }
  return query;
}
