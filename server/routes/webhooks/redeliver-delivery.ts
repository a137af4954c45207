/**
 * POST /webhooks/{id}/deliveries/{delivery_id}/redeliver (202): the delivery's event sent again, as a new
 * delivery (the same event id, so a receiver can drop a duplicate), due at once. 409 when the webhook is
 * disabled; it shares the test pings' limit, since each is a delivery retried for about a day.
 */
import { DELIVERY_ID_PATTERN } from '../../../shared/schema/webhook.js';
import { HttpError } from '../../http/http-error.js';
import { route } from '../route.js';
import { findWebhook } from './find-webhook.js';
import { WEBHOOK_TESTS_PER_MINUTE } from './test-webhook.js';
import { deliveryToWire } from './webhook-wire.js';

export const redeliverDelivery = route({
  method: 'POST',
  path: '/webhooks/:id/deliveries/:delivery_id/redeliver',
  async beforeLimit(ctx, deps) {
    const webhook = await findWebhook(deps, ctx.state.account.id, ctx.params.id);
    const id = ctx.params.delivery_id ?? '';
    const delivery = DELIVERY_ID_PATTERN.test(id) ? await (await deps.store.webhooks()).getDelivery(ctx.state.account.id, id) : null;
    if (!delivery || delivery.webhook_id !== webhook.id) throw new HttpError(404, 'Delivery not found');
    if (webhook.disabled_at !== null)
      throw new HttpError(
        409,
        `Webhook ${webhook.id} is disabled (${webhook.disabled_reason ?? 'no reason recorded'}): change its URL first`,
      );
  },
  limit: {
    namespace: 'webhook-test',
    max: WEBHOOK_TESTS_PER_MINUTE,
    durationMs: 60_000,
    message: `Rate limit exceeded: max ${WEBHOOK_TESTS_PER_MINUTE} webhook tests and redeliveries per minute`,
  },
  async handle(ctx, deps) {
    const again = await (await deps.store.webhooks()).redeliver(ctx.state.account.id, ctx.params.delivery_id ?? '', deps.now().getTime());
    if (!again) throw new HttpError(404, 'Delivery not found');
    deps.webhooks.worker.wake();
    ctx.status = 202;
    ctx.set('Location', `/api/v1/webhooks/${ctx.params.id}/deliveries`);
    ctx.body = { delivery: deliveryToWire(again) };
  },
});
