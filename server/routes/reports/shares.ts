/**
 * Share links (contract section 11): POST /audits/{id}/share `{expires_in_days?}` (201 with the link, shown
 * once), GET /shares (the account's live links, without their tokens), DELETE /shares/{id} (204; the link is
 * 404 from then on). `POST /crawls/{id}/share` is createShareRoute('crawl', ...) in server/routes/crawls/share-crawl.ts.
 */
import type { Next } from 'koa';
import { createShareRequestSchema, SHARE_DAYS } from '../../../shared/schema/reports.js';
import { auditIdFromPath } from '../../audits/audit-id.js';
import { HttpError } from '../../http/http-error.js';
import type { ApiState } from '../../http/state.js';
import { jsonBody } from '../../middleware/json-body.js';
import { newShareToken, shareUrl } from '../../reports/share-token.js';
import type { ShareKind, StoredShare } from '../../store/contracts/shares.js';
import type { Store } from '../../store/contracts/store.js';
import { randomBase62 } from '../../util/base62.js';
import { authed } from '../authed.js';
import type { ApiRouter, RouteDeps, RouteModule } from '../route-module.js';
import { parseBody } from '../parse-body.js';
import type { ParameterizedContext } from 'koa';

const DAY_MS = 86_400_000;
const SHARE_ID = /^shr_[A-Za-z0-9]{16}$/;
export const SHARE_BODY_LIMIT = 4 * 1024;

/** The target exists and belongs to the account: its id as stored, or null. */
export type ShareTargetLookup = (store: Store, accountId: string, rawId: string) => Promise<string | null>;

export const findAuditTarget: ShareTargetLookup = async (store, accountId, rawId) => {
  const id = auditIdFromPath(rawId);
  return id && (await store.getAuditRecord(accountId, id)) ? id : null;
};

/** The body is optional: no body at all means the defaults. */
function optionalJsonBody(limit: number) {
  const parse = jsonBody(limit);
  return (ctx: ParameterizedContext<ApiState>, next: Next) => {
    const length = ctx.get('content-length');
    const hasBody = (length !== '' && length !== '0') || ctx.get('transfer-encoding') !== '';
    if (!hasBody) {
      ctx.state.body = {};
      return next();
    }
    return parse(ctx, next);
  };
}

export function createShareRoute(kind: ShareKind, path: string, findTarget: ShareTargetLookup, notFound: string): RouteModule {
  return {
    name: `POST ${path.replace(':id', '{id}')}`,
    register(router: ApiRouter, deps: RouteDeps) {
      router.post(
        path,
        ...deps.guard,
        optionalJsonBody(SHARE_BODY_LIMIT),
        authed(async (ctx) => {
          const body = parseBody(createShareRequestSchema, ctx.state.body);
          const accountId = ctx.state.account.id;
          const targetId = await findTarget(deps.store, accountId, ctx.params.id ?? '');
          if (!targetId) throw new HttpError(404, notFound);
          const now = deps.now();
          const days = body.expires_in_days ?? SHARE_DAYS.default;
          const { token, hash } = newShareToken();
          const share: StoredShare = {
            id: `shr_${randomBase62(16)}`,
            account_id: accountId,
            kind,
            target_id: targetId,
            token_hash: hash,
            created_at: now.toISOString(),
            expires_at: new Date(now.getTime() + days * DAY_MS).toISOString(),
            revoked_at: null,
          };
          await (await deps.store.shares()).createShare(share);
          ctx.status = 201;
          ctx.body = {
            share: { id: share.id, url: shareUrl(deps.reports.publicUrl, requestOrigin(ctx), token), expires_at: share.expires_at },
          };
        }),
      );
    },
  };
}

/** The server's address as this request reached it (Koa 3's ctx.origin is the Origin header, not this). */
function requestOrigin(ctx: ParameterizedContext<ApiState>): string {
  const socket = ctx.req.socket;
  const host =
    ctx.host ||
    (socket.localAddress?.includes(':') ? `[${socket.localAddress}]:${socket.localPort}` : `${socket.localAddress}:${socket.localPort}`);
  return `${ctx.protocol}://${host}`;
}

export const createAuditShareRoute = createShareRoute('audit', '/audits/:id/share', findAuditTarget, 'Audit not found');

export const listSharesRoute: RouteModule = {
  name: 'GET /shares',
  register(router, deps) {
    router.get(
      '/shares',
      ...deps.guard,
      authed(async (ctx) => {
        const shares = await (await deps.store.shares()).listLiveShares(ctx.state.account.id, deps.now());
        ctx.body = {
          shares: shares.map((s) => ({
            id: s.id,
            kind: s.kind,
            target_id: s.target_id,
            created_at: s.created_at,
            expires_at: s.expires_at,
          })),
        };
      }),
    );
  },
};

export const deleteShareRoute: RouteModule = {
  name: 'DELETE /shares/{id}',
  register(router, deps) {
    router.delete(
      '/shares/:id',
      ...deps.guard,
      authed(async (ctx) => {
        const id = ctx.params.id ?? '';
        const revoked = SHARE_ID.test(id)
          ? await (await deps.store.shares()).revokeShare(ctx.state.account.id, id, deps.now().toISOString())
          : null;
        if (!revoked) throw new HttpError(404, 'Share not found');
        ctx.status = 204;
      }),
    );
  },
};
