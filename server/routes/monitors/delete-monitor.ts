/** DELETE /monitors/{id} (204); unknown or another account's: 404. */
import { MONITOR_ID_PATTERN } from '../../../shared/schema/monitor.js';
import { HttpError } from '../../http/http-error.js';
import { route } from '../route.js';

export const deleteMonitor = route({
  method: 'DELETE',
  path: '/monitors/:id',
  async handle(ctx, deps) {
    const id = ctx.params.id ?? '';
    const store = await deps.store.monitors();
    if (!MONITOR_ID_PATTERN.test(id) || !(await store.deleteMonitor(ctx.state.account.id, id)))
      throw new HttpError(404, 'Monitor not found');
    ctx.status = 204;
  },
});
