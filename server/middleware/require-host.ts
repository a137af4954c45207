/**
 * RFC 9112 section 3.2: an HTTP/1.1 request without Host, or any request with more than one, is answered
 * 400. Node would answer the first itself with an empty body and no X-Request-Id, so the listener turns
 * its check off (server/app/listen.ts) and this answers both in the API's error shape, then closes.
 * An empty Host is valid, and HTTP/1.0 needs none.
 */
import type { Middleware } from 'koa';
import { HttpError } from '../http/http-error.js';
import type { ApiState } from '../http/state.js';

export function requireHost(): Middleware<ApiState> {
  return async (ctx, next) => {
    const { req } = ctx;
    const sent = req.headersDistinct.host?.length ?? 0;
    if (sent > 1) throw new HttpError(400, `Send exactly one Host header: this request has ${sent}`, { Connection: 'close' });
    if (sent === 0 && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) {
      throw new HttpError(400, 'Missing Host header: an HTTP/1.1 request must send one (RFC 9112, section 3.2)', { Connection: 'close' });
    }
    await next();
  };
}
