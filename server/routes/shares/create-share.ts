/**
 * POST /audits/{id}/share and POST /crawls/{id}/share `{expires_in_days?}`: a share link to the audit's
 * or the crawl's report (201 with the link, shown once). Each is `shareRoute(kind, ...)` in its resource's
 * folder (audits/share-audit.ts, crawls/share-crawl.ts); the link opens GET /r/{token} (root/share-page.ts).
 */
import { createShareRequestSchema, SHARE_DAYS } from '../../../shared/schema/reports.js';
import { HttpError } from '../../http/http-error.js';
import { newShareToken, shareUrl } from '../../reports/share-token.js';
import type { ShareKind, ShareStore, StoredShare } from '../../store/contracts/shares.js';
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
      const shares = await deps.store.shares();
      await checkShareCaps(shares, accountId, kind, targetId, now);
      const days = body.expires_in_days ?? SHARE_DAYS.default;
      const reached = deps.reports.publicUrl === null ? requestOrigin(ctx) : '';
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
      await shares.createShare(share);
      ctx.status = 201;
      ctx.body = {
        share: { id: share.id, url: shareUrl(deps.reports.publicUrl, reached, token), expires_at: share.expires_at },
      };
    },
  });
}

/** Live (neither revoked nor expired) share links of one audit or crawl, and of one account. */
export const SHARES_PER_TARGET = 20;
export const SHARES_PER_ACCOUNT = 1_000;

/** A 400 when the target, or the account, already has its most live links. */
async function checkShareCaps(shares: ShareStore, accountId: string, kind: ShareKind, targetId: string, now: Date): Promise<void> {
  const live = await shares.listLiveShares(accountId, now);
  if (live.length >= SHARES_PER_ACCOUNT)
    throw new HttpError(400, `An account may have at most ${SHARES_PER_ACCOUNT.toLocaleString('en')} live share links: revoke some first`);
  const what = kind === 'crawl' ? 'A crawl' : 'An audit';
  if (live.filter((s) => s.kind === kind && s.target_id === targetId).length >= SHARES_PER_TARGET)
    throw new HttpError(400, `${what} may have at most ${SHARES_PER_TARGET} live share links: revoke one first (DELETE /shares/{id})`);
}

/** A plain host: a DNS name, an IPv4 address or a bracketed IPv6 one, with an optional port; nothing else. */
const PLAIN_HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * The server's address as this request reached it, when PUBLIC_URL is not set (Koa 3's ctx.origin is the Origin
 * header, not this). Only on a request that reached the server over loopback (this machine's own clients): a link
 * built from the Host header of a request from elsewhere would start wherever that request said (a phishing site's
 * address, a path). The Host must be a plain host[:port] even then.
 */
function requestOrigin(ctx: AuthedContext): string {
  const socket = ctx.req.socket;
  if (!LOOPBACK.test(socket.localAddress ?? ''))
    throw new HttpError(
      503,
      'Share links need PUBLIC_URL on a server reached from other machines: set PUBLIC_URL to the address its links open at (such as https://reports.example.com)',
    );
  // The header as sent (Koa's ctx.host parses it: `a@evil.example` would read as evil.example), or the proxy's.
  const sent = ((ctx.app.proxy && ctx.get('X-Forwarded-Host')) || ctx.get('Host')).split(',')[0]!.trim();
  const host =
    sent ||
    (socket.localAddress?.includes(':') ? `[${socket.localAddress}]:${socket.localPort}` : `${socket.localAddress}:${socket.localPort}`);
  if (!PLAIN_HOST.test(host))
    throw new HttpError(400, 'The Host header must be a plain host[:port] to build a share link from it; or set PUBLIC_URL');
  return `${ctx.protocol}://${host}`;
}
