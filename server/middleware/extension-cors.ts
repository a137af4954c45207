/**
 * CORS for the browser extension (its pages sync audits with PUT), so it needs no host permission for
 * the backend: @koa/cors, allowing extension origins only. The API uses bearer keys, never cookies, so
 * no credentials mode. Preflights are answered here, before authentication (browsers send them without keys).
 */
import cors from '@koa/cors';
import type { Middleware } from 'koa';

const EXTENSION_ORIGIN = /^(chrome-extension|moz-extension|safari-web-extension):\/\/[A-Za-z0-9._-]+$/;

export function extensionCors(): Middleware {
  return cors({
    // Any other origin gets no CORS headers at all (only `Vary: Origin`), so browsers keep web pages out.
    origin: (ctx) => {
      const origin = ctx.get('origin');
      return EXTENSION_ORIGIN.test(origin) ? origin : '';
    },
    allowMethods: 'GET, POST, PUT, PATCH, DELETE, OPTIONS', // PATCH: the dashboard pauses and resumes monitors
    allowHeaders: 'Authorization, Content-Type, X-Request-Id',
    exposeHeaders: 'X-Request-Id, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset',
    maxAge: 600,
    // jsonErrors (outside this) keeps the headers already set when a later middleware throws.
    keepHeadersOnError: false,
  });
}
