import { openRoute } from '../route.js';

export const HEALTH_PATH = '/healthz';

/** GET /healthz: `{"ok": true}` while the process serves; no key, no store access. Another method: 405. */
export const getHealth = openRoute({
  method: 'GET',
  path: HEALTH_PATH,
  handle(ctx) {
    ctx.body = { ok: true };
  },
});
