/** GET /webhooks/{id}/deliveries?limit=&cursor=: the webhook's delivery log, newest first. */
import { cursorOf } from '../cursor.js';
import { pageLimit } from '../query-params.js';
import { route } from '../route.js';
import { findWebhook } from './find-webhook.js';
import { deliveryToWire } from './webhook-wire.js';

const DELIVERY_PAGE = { fallback: 50, max: 100 };

/** The time and id of the last delivery listed (`d1.<ms>.<id>`). */
export const deliveryCursor = cursorOf<{ created_ms: number; id: string }>({
  maxLength: 200,
  write: (position) => `d1.${position.created_ms}.${position.id}`,
  read(text) {
    const match = /^d1\.(\d{1,16})\.(dlv_[A-Za-z0-9]{20})$/.exec(text);
    return match ? { created_ms: Number(match[1]), id: match[2]! } : null;
  },
});

export const listDeliveries = route({
  method: 'GET',
  path: '/webhooks/:id/deliveries',
  async handle(ctx, deps) {
    const webhook = await findWebhook(deps, ctx.state.account.id, ctx.params.id);
    const limit = pageLimit(ctx.query, DELIVERY_PAGE.fallback, DELIVERY_PAGE.max);
    const after = deliveryCursor.fromQuery(ctx.query);
    const webhooks = await deps.store.webhooks();
    const page = await webhooks.listDeliveries(webhook.account_id, webhook.id, { limit, ...(after ? { after } : {}) });
    ctx.body = { deliveries: page.deliveries.map(deliveryToWire), next_cursor: page.next ? deliveryCursor.encode(page.next) : null };
  },
});
