/**
 * CORS for the browser extension (its pages sync audits with PUT), so it needs no host permission for
 * the backend. Only extension origins get CORS headers; the API uses bearer keys, never cookies, so no
 * credentials mode. Preflights are answered here, before authentication (browsers send them without keys).
 */
import type { Middleware } from 'koa';

const EXTENSION_ORIGIN = /^(chrome-extension|moz-extension|safari-web-extension):\/\/[A-Za-z0-9._-]+$/;
const EXPOSED = 'X-Request-Id, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset';

export function extensionCors(): Middleware {
  return async (ctx, next) => {
    const origin = ctx.get('origin');
    ctx.vary('Origin');
    if (!origin || !EXTENSION_ORIGIN.test(origin)) return next();
    ctx.set('Access-Control-Allow-Origin', origin);
    if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
      ctx.set('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
      ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Request-Id');
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return;
    }
    ctx.set('Access-Control-Expose-Headers', EXPOSED);
    await next();
  };
}
