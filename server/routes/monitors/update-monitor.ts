/**
 * PATCH /monitors/{id}: `{"paused": true|false}` pauses a monitor (no scheduled run, and "run now" answers
 * 409, until it is resumed) or resumes it (a due time passed while paused runs once, at once; then the
 * cadence counts from the resume). `{every?, max_pages?}` changes its schedule or, for a crawl monitor, its
 * pages per crawl (a shorter period moves the next run closer). 200 with the monitor; another account's is 404.
 */
import { MONITOR_ID_PATTERN, updateMonitorRequestSchema } from '../../../shared/schema/monitor.js';
import { HttpError } from '../../http/http-error.js';
import { monitorToWire } from '../../monitors/monitor-wire.js';
import type { StoredMonitor } from '../../store/contracts/monitors.js';
import { parseBody } from '../parse-body.js';
import { route, type AuthedContext } from '../route.js';
import type { RouteDeps } from '../route-deps.js';
import { MONITOR_BODY_LIMIT } from './create-monitor.js';

export const updateMonitor = route({
  method: 'PATCH',
  path: '/monitors/:id',
  body: { limit: MONITOR_BODY_LIMIT },
  async handle(ctx, deps) {
    const { paused, ...edit } = parseBody(updateMonitorRequestSchema, ctx.state.body, 'Invalid monitor change: ');
    const editing = Object.keys(edit).length > 0;
    if (paused === undefined && !editing) throw new HttpError(400, 'Invalid monitor change: paused is required, or every or max_pages');
    if (paused !== undefined && editing)
      throw new HttpError(
        400,
        `Invalid monitor change: paused cannot be sent with ${Object.keys(edit).join(' and ')}: pause and edit apart`,
      );
    const id = ctx.params.id ?? '';
    const monitor = !MONITOR_ID_PATTERN.test(id)
      ? null
      : paused !== undefined
        ? await deps.monitors.setPaused(ctx.state.account.id, id, paused)
        : await editMonitor(ctx, deps, id, edit);
    if (!monitor) throw new HttpError(404, 'Monitor not found');
    // After a resume the catch-up run may have started: answer what the store holds now.
    const current = (await (await deps.store.monitors()).getMonitor(ctx.state.account.id, id)) ?? monitor;
    ctx.body = { monitor: monitorToWire(current, deps.now().getTime()) };
  },
});

async function editMonitor(
  ctx: AuthedContext,
  deps: RouteDeps,
  id: string,
  edit: { every?: StoredMonitor['every']; max_pages?: number },
): Promise<StoredMonitor | null> {
  const store = await deps.store.monitors();
  const current = await store.getMonitor(ctx.state.account.id, id);
  if (!current) return null;
  if (edit.max_pages !== undefined && current.kind !== 'crawl')
    throw new HttpError(400, 'Invalid monitor change: max_pages applies to crawl monitors only');
  return store.updateMonitor(ctx.state.account.id, id, edit, deps.now().getTime());
}

/** "Run now" on a paused monitor (POST /monitors/{id}/run's 409). */
export function pausedRunMessage(id: string): string {
  return `Monitor ${id} is paused: resume it first (PATCH /api/v1/monitors/${id} with {"paused": false})`;
}
