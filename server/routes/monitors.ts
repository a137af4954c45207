/**
 * Monitors (contract section 12): POST /monitors `{url, kind, every, max_pages?}` (201), GET /monitors,
 * DELETE /monitors/{id} (204), POST /monitors/{id}/run (202: run now; 409 when paused), and PATCH
 * /monitors/{id} (pause, resume: ./pause-monitor.ts). A new monitor's first run starts
 * at once; then every hour, day or week from its creation time. Runs do not count toward the audit
 * rate limit; "run now" has its own (10 per minute per account).
 */
import { MONITOR_ID_PATTERN } from '../../shared/schema/monitor.js';
import { HttpError } from '../http/http-error.js';
import { limitMessage, MONITOR_LIMIT, newMonitor } from '../monitors/new-monitor.js';
import { jsonBody } from '../middleware/json-body.js';
import { accountRateLimit } from '../middleware/rate-limit.js';
import { monitorToWire } from '../monitors/monitor-wire.js';
import { authed } from './authed.js';
import { pausedRunMessage, pauseMonitorRoute } from './pause-monitor.js';
import type { RouteModule } from './route-module.js';
import { firstProblem } from './validation-message.js';

export const MONITOR_RUNS_PER_MINUTE = 10;
const BODY_LIMIT = 16 * 1024;

const createMonitorRoute: RouteModule = {
  name: 'POST /monitors',
  register(router, deps) {
    router.post(
      '/monitors',
      ...deps.guard,
      jsonBody(BODY_LIMIT),
      authed(async (ctx) => {
        const now = deps.now();
        const made = newMonitor(ctx.state.account.id, ctx.state.body, now, deps.addressGuard, firstProblem);
        if (!made.ok) throw new HttpError(made.problem === 'refused' ? 422 : 400, made.message);
        const store = await deps.store.monitors();
        if ((await store.createMonitor(made.monitor, MONITOR_LIMIT)) === 'limit') throw new HttpError(400, limitMessage());
        void deps.monitors.pass().catch((error: unknown) => deps.logger.error('monitor pass failed', { error: String(error) }));
        ctx.status = 201;
        ctx.set('Location', `/api/v1/monitors/${made.monitor.id}`);
        ctx.body = { monitor: monitorToWire(made.monitor, now.getTime()) };
      }),
    );
  },
};

const listMonitorsRoute: RouteModule = {
  name: 'GET /monitors',
  register(router, deps) {
    router.get(
      '/monitors',
      ...deps.guard,
      authed(async (ctx) => {
        const now = deps.now().getTime();
        const monitors = await (await deps.store.monitors()).listMonitors(ctx.state.account.id);
        ctx.body = { monitors: monitors.map((m) => monitorToWire(m, now)) };
      }),
    );
  },
};

const deleteMonitorRoute: RouteModule = {
  name: 'DELETE /monitors/{id}',
  register(router, deps) {
    router.delete(
      '/monitors/:id',
      ...deps.guard,
      authed(async (ctx) => {
        const id = ctx.params.id ?? '';
        const store = await deps.store.monitors();
        if (!MONITOR_ID_PATTERN.test(id) || !(await store.deleteMonitor(ctx.state.account.id, id)))
          throw new HttpError(404, 'Monitor not found');
        ctx.status = 204;
      }),
    );
  },
};

const runMonitorRoute: RouteModule = {
  name: 'POST /monitors/{id}/run',
  register(router, deps) {
    const limit = accountRateLimit({
      backend: deps.rateLimitBackend,
      namespace: 'monitor-runs',
      max: MONITOR_RUNS_PER_MINUTE,
      durationMs: 60_000,
      message: `Rate limit exceeded: max ${MONITOR_RUNS_PER_MINUTE} monitor runs per minute`,
    });
    router.post(
      '/monitors/:id/run',
      ...deps.guard,
      limit,
      authed(async (ctx) => {
        const id = ctx.params.id ?? '';
        const monitor = MONITOR_ID_PATTERN.test(id) ? await deps.monitors.runNow(ctx.state.account.id, id) : null;
        if (!monitor) throw new HttpError(404, 'Monitor not found');
        if (monitor.paused_at !== null) throw new HttpError(409, pausedRunMessage(id));
        const current = (await (await deps.store.monitors()).getMonitor(ctx.state.account.id, id)) ?? monitor;
        ctx.status = 202;
        ctx.set('Location', `/api/v1/monitors`);
        ctx.body = { monitor: monitorToWire(current, deps.now().getTime()) };
      }),
    );
  },
};

export const MONITOR_ROUTES: readonly RouteModule[] = [
  createMonitorRoute,
  listMonitorsRoute,
  deleteMonitorRoute,
  runMonitorRoute,
  pauseMonitorRoute,
];
