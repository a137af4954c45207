/** GET /audits?limit=&cursor=&url=: the caller's audits, newest first, as summaries, with an opaque cursor. */
import { MAX_URL_LENGTH } from '../../../shared/url/normalize.js';
import { HttpError } from '../../http/http-error.js';
import type { AuditListQuery } from '../../store/contracts/audits.js';
import { pageLimit, singleParam, type RawQuery } from '../query-params.js';
import { route } from '../route.js';
import { auditCursor } from './audit-cursor.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const listAudits = route({
  method: 'GET',
  path: '/audits',
  async handle(ctx, deps) {
    const query = parseListQuery(ctx.query);
    const page = await deps.store.listAudits(ctx.state.account.id, query);
    ctx.body = { audits: page.audits, next_cursor: page.next ? auditCursor.encode(page.next) : null };
  },
});

export function parseListQuery(raw: RawQuery): AuditListQuery {
  const single = (name: string) => singleParam(raw, name);
  const query: AuditListQuery = { limit: pageLimit(raw, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE) };
  const after = auditCursor.fromQuery(raw);
  if (after) query.after = after;
  const url = single('url');
  if (url !== undefined) {
    if (!url || url.length > MAX_URL_LENGTH) throw new HttpError(400, `url must be 1 to ${MAX_URL_LENGTH} characters`);
    query.url = url;
  }
  return query;
}
