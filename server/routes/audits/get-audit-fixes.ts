/**
 * GET /audits/{id}/fixes?policy=: the files, snippets and examples that fix the audit's issues (docs/fixes.md),
 * built from the site as it answers now. Unknown, malformed or another account's audit: 404.
 */
import { auditIdFromPath } from '../../audits/audit-id.js';
import { HttpError } from '../../http/http-error.js';
import { FIXES_RATE_LIMIT, parseFixPolicy } from '../fix-query.js';
import { route } from '../route.js';

export const getAuditFixes = route({
  method: 'GET',
  path: '/audits/:id/fixes',
  beforeLimit(ctx) {
    parseFixPolicy(ctx.query);
  },
  limit: FIXES_RATE_LIMIT,
  async handle(ctx, deps) {
    const id = auditIdFromPath(ctx.params.id);
    const fixes = id ? await deps.fixes.auditFixes(ctx.state.account.id, id, parseFixPolicy(ctx.query)) : null;
    if (!fixes) throw new HttpError(404, 'Audit not found');
    ctx.body = { fixes };
  },
});
