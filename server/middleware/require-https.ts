/**
 * REQUIRE_HTTPS=1: refuse (403) what did not arrive over HTTPS. Behind a proxy, TRUST_PROXY=1 makes Koa
 * read X-Forwarded-Proto for ctx.protocol; without it the header is ignored (a client could forge it).
 * /healthz stays reachable over HTTP: load balancers probe it on the internal port.
 */
import type { Middleware } from 'koa';
import { HttpError } from '../http/http-error.js';

export function requireHttps(exemptPaths: ReadonlySet<string>): Middleware {
  return async (ctx, next) => {
    if (ctx.protocol !== 'https' && !exemptPaths.has(ctx.path)) {
      throw new HttpError(403, 'HTTPS is required: send this request to the https:// address');
    }
    await next();
  };
}
