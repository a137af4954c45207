/** GET /audits/{id}: the stored audit with signals. Unknown, malformed or another account's id: 404 (nothing leaks). */
import { HttpError } from '../../http/http-error.js';
import type { RouteModule } from '../route-module.js';
import { auditIdFromPath } from '../../audits/audit-id.js';
import { authed } from '../authed.js';

const ENVELOPE_START = Buffer.from('{"audit":');
const ENVELOPE_END = Buffer.from('}');

export const getAuditRoute: RouteModule = {
  name: 'GET /audits/{id}',
  register(router, deps) {
    router.get(
      '/audits/:id',
      ...deps.guard,
      authed(async (ctx) => {
        const id = auditIdFromPath(ctx.params.id);
        const json = id ? await deps.store.getAuditJson(ctx.state.account.id, id) : null;
        if (json === null) throw new HttpError(404, 'Audit not found');
        ctx.type = 'application/json';
        ctx.body = Buffer.concat([ENVELOPE_START, json, ENVELOPE_END]); // stored bytes as they are: no parse, no re-serialise
      }),
    );
  },
};
