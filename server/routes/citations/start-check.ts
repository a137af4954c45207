/**
 * POST /citations/checks: checks every prompt of the account (or of one project, or one prompt) on every
 * engine now, in the background (202 with the check; while one runs for the account, the same check is
 * returned, whatever it covers). Checks cost provider money, so it has its own limit.
 */
import type { StoredCheck } from '../../store/contracts/citations.js';
import type { RouteDeps } from '../route-deps.js';
import { route, type AuthedContext } from '../route.js';
import { checkToWire } from './citation-wire.js';
import { readCheckScope } from './check-scope.js';

export const CHECKS_PER_HOUR = 10;

export const startCheck = route({
  method: 'POST',
  path: '/citations/checks',
  body: { limit: 1024, optional: true },
  // The account's check already running is answered before the limit: returning it starts nothing,
  // so it spends none of the hourly quota.
  async beforeLimit(ctx, deps) {
    await readCheckScope(ctx.state.body, ctx.state.account.id, deps);
    const running = await deps.citations.scheduler.runningCheck(ctx.state.account.id);
    if (!running) return;
    await answer(ctx, deps, running);
    return 'answered';
  },
  limit: {
    namespace: 'citation-checks',
    max: CHECKS_PER_HOUR,
    durationMs: 3_600_000,
    message: `Rate limit exceeded: max ${CHECKS_PER_HOUR} citation checks per hour`,
  },
  async handle(ctx, deps) {
    const scope = await readCheckScope(ctx.state.body, ctx.state.account.id, deps);
    await answer(ctx, deps, await deps.citations.scheduler.checkNow(ctx.state.account.id, scope));
  },
});

async function answer(ctx: AuthedContext, deps: RouteDeps, started: StoredCheck): Promise<void> {
  const store = await deps.store.citations();
  const current = (await store.getCheck(started.id)) ?? started;
  ctx.status = 202;
  ctx.set('Location', `/api/v1/citations/checks/${current.id}`);
  ctx.body = { check: checkToWire(current, await store.resultCount(current.id)) };
}
