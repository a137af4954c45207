/** GET /crawls/{id}: progress while it runs, the rollup once it has ended. Unknown, malformed or another account's: 404. */
import { auditIdFromPath } from '../../audits/audit-id.js';
import { HttpError } from '../../http/http-error.js';
import { route } from '../route.js';

export const CRAWL_NOT_FOUND = 'Crawl not found';

export const getCrawl = route({
  method: 'GET',
  path: '/crawls/:id',
  async handle(ctx, deps) {
    const id = auditIdFromPath(ctx.params.id);
    const crawl = id ? await deps.crawls.get(ctx.state.account.id, id) : null;
    if (!crawl) throw new HttpError(404, CRAWL_NOT_FOUND);
    ctx.body = { crawl };
  },
});
