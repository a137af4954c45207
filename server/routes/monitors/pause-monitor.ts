/**
 * PATCH /monitors/{id} `{"paused": true|false}`: pauses a monitor (no scheduled run, and "run now"
 * answers 409, until it is resumed) or resumes it (a due time passed while paused runs once, at once;
 * then the cadence counts from the resume). 200 with the monitor; another account's monitor is 404.
 */
import { MONITOR_ID_PATTERN, updateMonitorRequestSchema } from '../../../shared/schema/monitor.js';
import { HttpError } from '../../http/http-error.js';
import { monitorToWire } from '../../monitors/monitor-wire.js';
import { parseBody } from '../parse-body.js';
import { route } from '../route.js';
import { MONITOR_BODY_LIMIT } from './create-monitor.js';

export const pauseMonitor = route({
  method: 'PATCH',
  path: '/monitors/:id',
  body: { limit: MONITOR_BODY_LIMIT },
  async handle(ctx, deps) {
    const { paused } = parseBody(updateMonitorRequestSchema, ctx.state.body, 'Invalid monitor change: ');
    const id = ctx.params.id ?? '';
    const monitor = MONITOR_ID_PATTERN.test(id) ? await deps.monitors.setPaused(ctx.state.account.id, id, paused) : null;
    if (!monitor) throw new HttpError(404, 'Monitor not found');
    // After a resume the catch-up run may have started: answer what the store holds now.
    const current = (await (await deps.store.monitors()).getMonitor(ctx.state.account.id, id)) ?? monitor;
    ctx.body = { monitor: monitorToWire(current, deps.now().getTime()) };
  },
});

/** "Run now" on a paused monitor (POST /monitors/{id}/run's 409). */
export function pausedRunMessage(id: string): string {
  return `Monitor ${id} is paused: resume it first (PATCH /api/v1/monitors/${id} with {"paused": false})`;
}
