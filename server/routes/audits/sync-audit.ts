/**
 * PUT /audits/{id}: the extension's idempotent sync of an audit it ran. The body is `{"audit": Audit}`,
 * validated by the shared zod schema and the contract's invariants. 201 when stored now, 200 when this
 * account already holds the identical audit (canonical hash), 409 when the id holds something else
 * (another account's audit looks the same: nothing leaks). Its own limits (120/min per account, and
 * SYNC_AUDITS_PER_DAY per account in 24 hours: a 429 with Retry-After) are taken once the request is known to be
 * valid: a request refused with 400 never counts. The body is at most SYNC_BODY_LIMIT (a 413 beyond, said before
 * reading when Content-Length tells).
 */
import { syncAuditRequestSchema } from '../../../shared/schema/api.js';
import type { Audit } from '../../../shared/types/audit.js';
import { HttpError } from '../../http/http-error.js';
import { canonicalHash } from '../../audits/canonical-hash.js';
import { parseBody } from '../parse-body.js';
import { auditIdFromPath } from '../../audits/audit-id.js';
import { route } from '../route.js';

export const SYNC_BODY_LIMIT = 5 * 1024 * 1024;
export const SYNCS_PER_MINUTE = 120;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The 429 of the daily cap: the extension keeps the audit and sends it again after Retry-After. */
export function syncCapMessage(perDay: number): string {
  return `Sync cap reached: at most ${perDay.toLocaleString('en')} audit syncs per account in 24 hours (SYNC_AUDITS_PER_DAY); send again after Retry-After`;
}

export const syncAudit = route({
  method: 'PUT',
  path: '/audits/:id',
  body: { limit: SYNC_BODY_LIMIT },
  beforeLimit(ctx) {
    ctx.state.body = readSyncedAudit(ctx.params.id, ctx.state.body as Record<string, unknown>);
  },
  limit: (deps) => [
    {
      namespace: 'audits-sync',
      max: SYNCS_PER_MINUTE,
      durationMs: 60_000,
      message: `Rate limit exceeded: max ${SYNCS_PER_MINUTE} audit syncs per minute`,
    },
    {
      namespace: 'audits-sync-day',
      max: deps.syncAuditsPerDay,
      durationMs: DAY_MS,
      message: syncCapMessage(deps.syncAuditsPerDay),
    },
  ],
  async handle(ctx, deps) {
    const audit = ctx.state.body as Audit;
    const outcome = await deps.store.putAudit(ctx.state.account.id, audit, canonicalHash(audit));
    if (outcome === 'conflict') throw new HttpError(409, `Audit ${audit.id} already exists with different content`);
    ctx.status = outcome === 'created' ? 201 : 200;
    ctx.set('Location', `/api/v1/audits/${audit.id}`);
    ctx.body = { audit };
  },
});

/** The audit to store, or a 400 naming what is wrong with the request. */
function readSyncedAudit(pathId: string | undefined, body: Record<string, unknown>): Audit {
  const id = auditIdFromPath(pathId);
  if (!id) throw new HttpError(400, 'The id in the path must be a UUID, such as 3f1c2a4e-8b9d-4e7f-a1b2-c3d4e5f6a7b8');
  if (!('audit' in body) && 'id' in body) throw new HttpError(400, 'Wrap the audit in an envelope: {"audit": {...}}');
  const { audit } = parseBody(syncAuditRequestSchema, body, 'Invalid audit: ');
  if (audit.id !== id) throw new HttpError(400, 'audit.id must equal the id in the path');
  if (audit.origin !== 'extension')
    throw new HttpError(400, 'audit.origin must be "extension": only audits run in the extension are synced');
  return audit;
}
