/**
 * POST /citations/checks: checks every prompt of the account on every engine now, in the background
 * (202 with the check; while one runs for the account, the same check is returned). GET
 * /citations/checks/{id}: its progress. Checks cost provider money, so POST has its own limit.
 */
import { HttpError } from '../http/http-error.js';
import { accountRateLimit } from '../middleware/rate-limit.js';
import { checkToWire } from './citations-wire.js';
import type { RouteModule } from './route-module.js';
import { authed, type AuthedContext } from './authed.js';
import type { StoredCheck } from '../store/contracts/citations.js';

export const CHECKS_PER_HOUR = 10;
const CHECK_ID = /^chk_[A-Za-z0-9]{16}$/;

export const startCheckRoute: RouteModule = {
  name: 'POST /citations/checks',
  register(router, deps) {
    const limit = accountRateLimit({
      backend: deps.rateLimitBackend,
      namespace: 'citation-checks',
      max: CHECKS_PER_HOUR,
      durationMs: 3_600_000,
      message: `Rate limit exceeded: max ${CHECKS_PER_HOUR} citation checks per hour`,
    });
    const answer = async (ctx: AuthedContext, started: StoredCheck) => {
      const store = await deps.store.citations();
      const current = (await store.getCheck(started.id)) ?? started;
      ctx.status = 202;
      ctx.set('Location', `/api/v1/citations/checks/${current.id}`);
      ctx.body = { check: checkToWire(current, await store.resultCount(current.id)) };
    };
    router.post(
      '/citations/checks',
      ...deps.guard,
      // The account's check already running is answered before the limit: returning it starts nothing,
      // so it spends none of the hourly quota (issue 13, item 10).
      authed(async (ctx, next) => {
        const running = await deps.citations.scheduler.runningCheck(ctx.state.account.id);
        if (running) return answer(ctx, running);
        return next();
      }),
      limit,
      authed(async (ctx) => answer(ctx, await deps.citations.scheduler.checkNow(ctx.state.account.id))),
    );
  },
};

export const getCheckRoute: RouteModule = {
  name: 'GET /citations/checks/{id}',
  register(router, deps) {
    router.get(
      '/citations/checks/:id',
      ...deps.guard,
      authed(async (ctx) => {
        const id = ctx.params.id ?? '';
        const store = await deps.store.citations();
        const check = CHECK_ID.test(id) ? await store.getCheck(id) : null;
        // Scheduled checks (no account) and other accounts' checks are not the caller's: 404.
        if (!check || check.account_id !== ctx.state.account.id) throw new HttpError(404, 'Check not found');
        ctx.body = { check: checkToWire(check, await store.resultCount(id)) };
      }),
    );
  },
};
