/**
 * DELETE /crawls/{id}: cancels a queued or running crawl (status `cancelled`, with what was audited); a finished one is returned unchanged.
 */
import { auditIdFromPath } from '../../audits/audit-id.js';
import { HttpError } from '../../http/http-error.js';
import { route } from '../route.js';
import { CRAWL_NOT_FOUND } from './get-crawl.js';

export const cancelCrawl = route({
  method: 'DELETE',
  path: '/crawls/:id',
  async handle(ctx, deps) {
    const id = auditIdFromPath(ctx.params.id);
    const crawl = id ? await deps.crawls.cancel(ctx.state.account.id, id) : null;
    if (!crawl) throw new HttpError(404, CRAWL_NOT_FOUND);
    ctx.body = { crawl };
  },
});
