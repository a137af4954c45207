/** GET /monitors: the account's monitors, with when each runs next. */
import { monitorToWire } from '../../monitors/monitor-wire.js';
import { route } from '../route.js';

export const listMonitors = route({
  method: 'GET',
  path: '/monitors',
  async handle(ctx, deps) {
    const now = deps.now().getTime();
    const monitors = await (await deps.store.monitors()).listMonitors(ctx.state.account.id);
    ctx.body = { monitors: monitors.map((m) => monitorToWire(m, now)) };
  },
});
