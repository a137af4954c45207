/**
 * DELETE /crawls/{id}: cancels a queued or running crawl (status `cancelled`, with what was audited); a finished one is returned unchanged.
 */
import { auditIdFromPath } from '../../audits/audit-id.js';
import { HttpError } from '../../http/http-error.js';
import { authed } from '../authed.js';
import type { RouteModule } from '../route-module.js';
import { CRAWL_NOT_FOUND } from './get-crawl.js';

export const cancelCrawlRoute: RouteModule = {
  name: 'DELETE /crawls/{id}',
  register(router, deps) {
    router.delete(
      '/crawls/:id',
      ...deps.guard,
      authed(async (ctx) => {
        const id = auditIdFromPath(ctx.params.id);
        const crawl = id ? await deps.crawls.cancel(ctx.state.account.id, id) : null;
        if (!crawl) throw new HttpError(404, CRAWL_NOT_FOUND);
        ctx.body = { crawl };
      }),
    );
  },
};
