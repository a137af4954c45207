/** GET /webhooks: the account's webhooks, without their secrets. */
import { route } from '../route.js';
import { webhookToWire } from './webhook-wire.js';

export const listWebhooks = route({
  method: 'GET',
  path: '/webhooks',
  async handle(ctx, deps) {
    ctx.body = { webhooks: (await (await deps.store.webhooks()).listWebhooks(ctx.state.account.id)).map(webhookToWire) };
  },
});
