/**
 * POST /monitors `{url, kind, every, max_pages?, render?}` (201). A new monitor's first run starts at once; then
 * every hour, day or week from its creation time. Runs do not count toward the audit rate limit. A monitor
 * that renders is refused (503) by a process without a browser, as POST /audits is.
 */
import { HttpError } from '../../http/http-error.js';
import { limitMessage, MONITOR_LIMIT, newMonitor } from '../../monitors/new-monitor.js';
import { monitorToWire } from '../../monitors/monitor-wire.js';
import { route } from '../route.js';
import { firstProblem } from '../validation-message.js';
import { requireRendering } from '../../render/render-availability.js';

export const MONITOR_BODY_LIMIT = 16 * 1024;

export const createMonitor = route({
  method: 'POST',
  path: '/monitors',
  body: { limit: MONITOR_BODY_LIMIT },
  async handle(ctx, deps) {
    const now = deps.now();
    const made = newMonitor(ctx.state.account.id, ctx.state.body, now, deps.addressGuard, firstProblem);
    if (!made.ok) throw new HttpError(made.problem === 'refused' ? 422 : 400, made.message);
    requireRendering(deps.rendering, (made.monitor.render ?? 'none') !== 'none');
    const store = await deps.store.monitors();
    if ((await store.createMonitor(made.monitor, MONITOR_LIMIT)) === 'limit') throw new HttpError(400, limitMessage());
    void deps.monitors.pass().catch((error: unknown) => deps.logger.error('monitor pass failed', { error: String(error) }));
    ctx.status = 201;
    ctx.set('Location', `/api/v1/monitors/${made.monitor.id}`);
    ctx.body = { monitor: monitorToWire(made.monitor, now.getTime()) };
  },
});
