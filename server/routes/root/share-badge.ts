/**
 * GET /r/{token}/badge.svg: the score of a shared audit or crawl as an SVG badge, with no key, for a README
 * or a dashboard. It shows the score and nothing else: never the URL, the account or the issues. A link
 * that is unknown, revoked or expired answers 404 with a grey "not found" badge (an image tag shows it
 * instead of a broken image), the same for all three. A finished audit or crawl never changes, so its badge
 * may be cached for 5 minutes (never past the link's expiry: a revoked link's badge may show that long);
 * a crawl still running is revalidated each time. Every answer has an ETag, and If-None-Match gets 304.
 */
import { createHash } from 'node:crypto';
import { badgeSvg, type BadgeValue } from '../../ci/badge-svg.js';
import { crawlWire } from '../../crawls/crawl-wire.js';
import { loadAudit } from '../../reports/load-audit.js';
import { hashShareToken, SHARE_TOKEN_PATTERN } from '../../reports/share-token.js';
import type { RouteDeps } from '../route-deps.js';
import { openRoute, type ApiContext } from '../route.js';
import { SHARE_PAGE_HEADERS } from './share-page.js';

export const SHARE_BADGE_PATH = '/r/:token/badge.svg';
/** How long a finished audit's or crawl's badge may be cached. */
export const BADGE_MAX_AGE_S = 300;

const BADGE_HEADERS = {
  ...SHARE_PAGE_HEADERS,
  'Content-Security-Policy': "default-src 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'cross-origin', // an image other sites embed
} as const;

export const getShareBadge = openRoute({
  method: 'GET',
  path: SHARE_BADGE_PATH,
  async handle(ctx, deps) {
    ctx.set(BADGE_HEADERS);
    const found = await sharedScore(String(ctx.params.token ?? ''), deps);
    if (!found) {
      send(ctx, 404, { kind: 'word', text: 'not found' }, 'no-store');
      return;
    }
    const maxAge = Math.min(BADGE_MAX_AGE_S, Math.floor((found.expiresAt - deps.now().getTime()) / 1000));
    send(ctx, 200, found.value, found.final && maxAge > 0 ? `public, max-age=${maxAge}` : 'no-cache');
  },
});

interface SharedScore {
  value: BadgeValue;
  /** The audit or crawl will not change. */
  final: boolean;
  expiresAt: number;
}

async function sharedScore(token: string, deps: RouteDeps): Promise<SharedScore | null> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return null;
  const share = await (await deps.store.shares()).findShareByTokenHash(hashShareToken(token));
  const expiresAt = share ? Date.parse(share.expires_at) : 0;
  if (!share || share.revoked_at !== null || expiresAt <= deps.now().getTime()) return null;
  if (share.kind === 'crawl') {
    const stored = await (await deps.store.crawls()).getCrawl(share.account_id, share.target_id);
    if (!stored) return null;
    const crawl = crawlWire(stored);
    const final = crawl.status !== 'queued' && crawl.status !== 'running';
    const value: BadgeValue =
      crawl.score !== null ? { kind: 'score', score: crawl.score } : { kind: 'word', text: final ? 'no score' : crawl.status };
    return { value, final, expiresAt };
  }
  const audit = await loadAudit(deps.store, share.account_id, share.target_id);
  return audit ? { value: { kind: 'score', score: audit.score }, final: true, expiresAt } : null;
}

function send(ctx: ApiContext, status: number, value: BadgeValue, cacheControl: string): void {
  const svg = badgeSvg(value);
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
  ctx.set({ 'Cache-Control': cacheControl, ETag: etag });
  if (status === 200 && matches(ctx.get('If-None-Match'), etag)) {
    ctx.status = 304;
    return;
  }
  ctx.status = status;
  ctx.type = 'image/svg+xml; charset=utf-8';
  ctx.body = svg;
}

/**
 * If-None-Match (RFC 9110, weak comparison) compared here rather than with Koa's `ctx.fresh`, which
 * answers in full any request that also says `Cache-Control: no-cache`, as fetch() does with a condition.
 */
function matches(ifNoneMatch: string, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
