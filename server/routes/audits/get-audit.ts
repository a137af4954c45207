/** GET /audits/{id}: the stored audit with signals. Unknown, malformed or another account's id: 404 (nothing leaks). */
import { HttpError } from '../../http/http-error.js';
import { auditIdFromPath } from '../../audits/audit-id.js';
import { route } from '../route.js';

const ENVELOPE_START = Buffer.from('{"audit":');
const ENVELOPE_END = Buffer.from('}');

/** The 404 of an audit; with RETENTION_DAYS it says that an old audit may have been removed (docs/operations.md#retention). */
export function auditNotFound(retentionDays: number): string {
  if (retentionDays === 0) return 'Audit not found';
  return `Audit not found: no audit has this id, or it was older than ${retentionDays} days and removed (RETENTION_DAYS)`;
}

export const getAudit = route({
  method: 'GET',
  path: '/audits/:id',
  async handle(ctx, deps) {
    const id = auditIdFromPath(ctx.params.id);
    const json = id ? await deps.store.getAuditJson(ctx.state.account.id, id) : null;
    if (json === null) throw new HttpError(404, auditNotFound(deps.retentionDays));
    ctx.type = 'application/json';
    ctx.body = Buffer.concat([ENVELOPE_START, json, ENVELOPE_END]); // stored bytes as they are: no parse, no re-serialise
  },
});
