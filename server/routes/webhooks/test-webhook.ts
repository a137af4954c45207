/** POST /webhooks/{id}/test (202): a `ping` for this webhook alone, through the outbox like any event. */
import { HttpError } from '../../http/http-error.js';
import { route } from '../route.js';
import { findWebhook } from './find-webhook.js';
import { deliveryToWire } from './webhook-wire.js';

/** Test pings per account and minute: each is a delivery, retried up to 10 times when the endpoint fails. */
export const WEBHOOK_TESTS_PER_MINUTE = 10;

export const testWebhook = route({
  method: 'POST',
  path: '/webhooks/:id/test',
  limit: {
    namespace: 'webhook-test',
    max: WEBHOOK_TESTS_PER_MINUTE,
    durationMs: 60_000,
    message: `Rate limit exceeded: max ${WEBHOOK_TESTS_PER_MINUTE} webhook tests per minute`,
  },
  async handle(ctx, deps) {
    const webhook = await findWebhook(deps, ctx.state.account.id, ctx.params.id);
    if (webhook.disabled_at !== null)
      throw new HttpError(409, `Webhook ${webhook.id} is disabled (${webhook.disabled_reason ?? 'no reason recorded'})`);
    const { event, deliveries } = await deps.webhooks.publisher.publish(
      webhook.account_id,
      'ping',
      { webhook_id: webhook.id, message: 'This is a test event from Citable: if you can read it, the webhook works.' },
      { onlyWebhook: webhook.id },
    );
    const delivery = deliveries[0];
    if (!delivery) throw new HttpError(409, `Webhook ${webhook.id} is disabled`);
    ctx.status = 202;
    ctx.set('Location', `/api/v1/webhooks/${webhook.id}/deliveries`);
    ctx.body = { event: { id: event.id, type: 'ping' }, delivery: deliveryToWire(delivery) };
  },
});
