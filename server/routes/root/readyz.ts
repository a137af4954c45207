/**
 * GET /readyz: whether this process can serve now, for load balancers (docs/operations.md#readiness):
 * the store answers (the data directory, or PostgreSQL), its schema is the one this version needs, and
 * Redis answers when REDIS_URL is set. 200 with every check ok, else 503 saying which is not, with
 * `Retry-After`. /healthz stays the liveness probe: a process that is up but cannot reach its database is
 * alive (restarting it would not help) and not ready (it should get no traffic).
 */
import type { Redis } from 'ioredis';
import type { ReadinessCheck } from '../../store/contracts/store-maintenance.js';
import { openRoute } from '../route.js';

export const READY_PATH = '/readyz';
const REDIS_TIMEOUT_MS = 2_000;

async function redisCheck(redis: Redis): Promise<ReadinessCheck> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_TIMEOUT_MS} ms`)), REDIS_TIMEOUT_MS)),
    );
    await Promise.race([redis.ping(), timeout]);
    return { ok: true, detail: 'Redis answers' };
  } catch (error) {
    return { ok: false, detail: `Redis: ${(error as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}

export const getReady = openRoute({
  method: 'GET',
  path: READY_PATH,
  async handle(ctx, deps) {
    const { store, migrations } = await deps.store.readiness();
    const backend = deps.rateLimitBackend;
    const checks: Record<string, ReadinessCheck> = { store, migrations };
    if (backend.driver === 'redis') checks.redis = await redisCheck(backend.db);
    const ready = Object.values(checks).every((c) => c.ok);
    ctx.status = ready ? 200 : 503;
    if (!ready) ctx.set('Retry-After', '5');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ready, checks };
  },
});
