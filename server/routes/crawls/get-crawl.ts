/** GET /crawls/{id}: progress while it runs, the rollup once it has ended. Unknown, malformed or another account's: 404. */
import { auditIdFromPath } from '../../audits/audit-id.js';
import { HttpError } from '../../http/http-error.js';
import { authed } from '../authed.js';
import type { RouteModule } from '../route-module.js';

export const CRAWL_NOT_FOUND = 'Crawl not found';

export const getCrawlRoute: RouteModule = {
  name: 'GET /crawls/{id}',
  register(router, deps) {
    router.get(
      '/crawls/:id',
      ...deps.guard,
      authed(async (ctx) => {
        const id = auditIdFromPath(ctx.params.id);
        const crawl = id ? await deps.crawls.get(ctx.state.account.id, id) : null;
        if (!crawl) throw new HttpError(404, CRAWL_NOT_FOUND);
        ctx.body = { crawl };
      }),
    );
  },
};
