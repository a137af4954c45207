/**
 * POST /audits/{id}/share and POST /crawls/{id}/share `{expires_in_days?}`: a share link to the audit's
 * or the crawl's report (201 with the link, shown once). Each is `shareRoute(kind, ...)` in its resource's
 * folder (audits/share-audit.ts, crawls/share-crawl.ts); the link opens GET /r/{token} (root/share-page.ts).
 */
import { createShareRequestSchema, SHARE_DAYS } from '../../../shared/schema/reports.js';
import { HttpError } from '../../http/http-error.js';
import { newShareToken, shareUrl } from '../../reports/share-token.js';
import type { ShareKind, StoredShare } from '../../store/contracts/shares.js';
import type { Store } from '../../store/contracts/store.js';
import { randomBase62 } from '../../util/base62.js';
import { parseBody } from '../parse-body.js';
import { route, type AuthedContext, type Route } from '../route.js';

const DAY_MS = 86_400_000;
export const SHARE_BODY_LIMIT = 4 * 1024;

/** The target exists and belongs to the account: its id as stored, or null. */
export type ShareTargetLookup = (store: Store, accountId: string, rawId: string) => Promise<string | null>;

export function shareRoute(kind: ShareKind, path: string, findTarget: ShareTargetLookup, notFound: string): Route {
  return route({
    method: 'POST',
    path,
    body: { limit: SHARE_BODY_LIMIT, optional: true },
    async handle(ctx, deps) {
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
    },
  });
}

/** The server's address as this request reached it (Koa 3's ctx.origin is the Origin header, not this). */
function requestOrigin(ctx: AuthedContext): string {
  const socket = ctx.req.socket;
  const host =
    ctx.host ||
    (socket.localAddress?.includes(':') ? `[${socket.localAddress}]:${socket.localPort}` : `${socket.localAddress}:${socket.localPort}`);
  return `${ctx.protocol}://${host}`;
}
