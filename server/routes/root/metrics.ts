/**
 * GET /metrics: the process's metrics in the Prometheus text format (docs/operations.md#metrics), outside
 * /api/v1 and without an API key. Who may read it:
 *   - METRICS_TOKEN unset: only a request made on this machine (the connection comes from a loopback
 *     address and carries no X-Forwarded-For, Forwarded or X-Real-IP header, so a reverse proxy on the same
 *     host does not open it to the world); anything else is 403.
 *   - METRICS_TOKEN set: any address with `Authorization: Bearer <METRICS_TOKEN>`, loopback included;
 *     no token or another one is 401 with `WWW-Authenticate: Bearer`. The tokens are compared as SHA-256
 *     digests with timingSafeEqual, so the time taken says nothing about the token.
 * Never 404: the path is documented, hiding it would protect nothing and would only puzzle an operator.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../../http/http-error.js';
import { exposition } from '../../metrics/registry.js';
import { openRoute, type ApiContext, type Route } from '../route.js';

export const METRICS_PATH = '/metrics';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** The connection's own peer is a loopback address, and no proxy says it forwarded the request. */
export function fromLoopback(ctx: ApiContext): boolean {
  const peer = ctx.req.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || /^(::ffff:)?127\./.test(peer);
  return loopback && FORWARDING_HEADERS.every((name) => ctx.get(name) === '');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function bearerMatches(header: string, token: string): boolean {
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

export function metricsRoute(token: string | null): Route {
  return openRoute({
    method: 'GET',
    path: METRICS_PATH,
    async handle(ctx) {
      if (token === null && !fromLoopback(ctx)) {
        throw new HttpError(403, 'GET /metrics answers requests from this machine only; set METRICS_TOKEN to scrape it from elsewhere');
      }
      if (token !== null && !bearerMatches(ctx.get('authorization'), token)) {
        throw new HttpError(401, 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>', {
          'WWW-Authenticate': 'Bearer realm="citable-metrics"',
        });
      }
      const { text, contentType } = await exposition();
      ctx.set('Cache-Control', 'no-store');
      ctx.type = contentType;
      ctx.body = text;
    },
  });
}
