import { createRouter } from './router.js';

export const HEALTH_PATH = '/healthz';

/** GET /healthz: `{"ok": true}` while the process serves; no key, no store access. Another method: 405. */
export function createHealthRouter() {
  const router = createRouter();
  router.get(HEALTH_PATH, (ctx) => {
    ctx.body = { ok: true };
  });
  return router;
}
