/**
 * GET /audits/{id}/diff?against=previous|{uuid}: what changed from the audit compared
 * against to this one. `previous` (the default) is the account's latest earlier audit of the same page, by
 * URL as submitted or final (Store.earlierAudits); none is a 404 that says so.
 */
import { auditIdFromPath } from '../../audits/audit-id.js';
import { diffAudits } from '../../../shared/diff/audit-diff.js';
import { HttpError } from '../../http/http-error.js';
import { loadAudit } from '../../reports/load-audit.js';
import { singleParam } from '../query-params.js';
import { route } from '../route.js';

export const PREVIOUS = 'previous';

export const getAuditDiff = route({
  method: 'GET',
  path: '/audits/:id/diff',
  async handle(ctx, deps) {
    const accountId = ctx.state.account.id;
    const against = singleParam(ctx.query, 'against') ?? PREVIOUS;
    const againstId = against === PREVIOUS ? null : auditIdFromPath(against);
    if (against !== PREVIOUS && !againstId) throw new HttpError(400, 'against must be "previous" or an audit id (a UUID)');
    const id = auditIdFromPath(ctx.params.id);
    const audit = id ? await loadAudit(deps.store, accountId, id) : null;
    if (!audit) throw new HttpError(404, 'Audit not found');
    let fromId = againstId;
    if (fromId === null) {
      const [previous] = await deps.store.earlierAudits(accountId, audit, 1);
      if (!previous) throw new HttpError(404, 'No earlier audit of this URL to compare against');
      fromId = previous.id;
    }
    const from = await loadAudit(deps.store, accountId, fromId);
    if (!from) throw new HttpError(404, 'Audit to compare against not found');
    ctx.body = { diff: diffAudits(from, audit) };
  },
});
