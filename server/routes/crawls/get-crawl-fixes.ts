/**
 * GET /crawls/{id}/fixes?policy=: the site's fixes from a crawl (docs/fixes.md): robots.txt, llms.txt and
 * llms-full.txt from every page it audited, the start page's snippets, the examples. Unknown, malformed or
 * another account's crawl: 404.
 */
import { auditIdFromPath } from '../../audits/audit-id.js';
import { HttpError } from '../../http/http-error.js';
import { FIXES_RATE_LIMIT, parseFixPolicy } from '../fix-query.js';
import { route } from '../route.js';
import { CRAWL_NOT_FOUND } from './get-crawl.js';

export const getCrawlFixes = route({
  method: 'GET',
  path: '/crawls/:id/fixes',
  beforeLimit(ctx) {
    parseFixPolicy(ctx.query);
  },
  limit: FIXES_RATE_LIMIT,
  async handle(ctx, deps) {
    const id = auditIdFromPath(ctx.params.id);
    const fixes = id ? await deps.fixes.crawlFixes(ctx.state.account.id, id, parseFixPolicy(ctx.query)) : null;
    if (!fixes) throw new HttpError(404, CRAWL_NOT_FOUND);
    ctx.body = { fixes };
  },
});
