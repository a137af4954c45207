import type { Middleware } from 'koa';

export const HEALTH_PATH = '/healthz';

/** GET /healthz: `{"ok": true}` while the process serves; no key, no store access. */
export function healthz(): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== HEALTH_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.body = { ok: true };
  };
}
