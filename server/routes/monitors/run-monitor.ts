/** POST /monitors/{id}/run: runs the monitor now (202; 409 when paused). Its own limit: 10 per minute per account. */
import { MONITOR_ID_PATTERN } from '../../../shared/schema/monitor.js';
import { HttpError } from '../../http/http-error.js';
import { monitorToWire } from '../../monitors/monitor-wire.js';
import { route } from '../route.js';
import { pausedRunMessage } from './update-monitor.js';

export const MONITOR_RUNS_PER_MINUTE = 10;

export const runMonitor = route({
  method: 'POST',
  path: '/monitors/:id/run',
  limit: {
    namespace: 'monitor-runs',
    max: MONITOR_RUNS_PER_MINUTE,
    durationMs: 60_000,
    message: `Rate limit exceeded: max ${MONITOR_RUNS_PER_MINUTE} monitor runs per minute`,
  },
  async handle(ctx, deps) {
    const id = ctx.params.id ?? '';
    const monitor = MONITOR_ID_PATTERN.test(id) ? await deps.monitors.runNow(ctx.state.account.id, id) : null;
    if (!monitor) throw new HttpError(404, 'Monitor not found');
    if (monitor.paused_at !== null) throw new HttpError(409, pausedRunMessage(id));
    const current = (await (await deps.store.monitors()).getMonitor(ctx.state.account.id, id)) ?? monitor;
    ctx.status = 202;
    ctx.set('Location', `/api/v1/monitors`);
    ctx.body = { monitor: monitorToWire(current, deps.now().getTime()) };
  },
});
