/**
 * Webhooks (contract section 12): POST /webhooks `{url, events, format?}` (201, with the secret, shown
 * only there), GET /webhooks, DELETE /webhooks/{id} (204), POST /webhooks/{id}/test (202: a `ping` for
 * this webhook alone, through the outbox like any event), GET /webhooks/{id}/deliveries (the delivery
 * log, newest first). The URL passes the SSRF guard at creation (after DNS) and again at each delivery.
 */
import { WEBHOOK_ID_PATTERN, type Delivery, type Webhook } from '../../shared/schema/webhook.js';
import { HttpError } from '../http/http-error.js';
import { jsonBody } from '../middleware/json-body.js';
import type { StoredDelivery, StoredWebhook } from '../store/contracts/webhooks.js';
import { newWebhook, WEBHOOK_LIMIT, webhookLimitMessage } from '../webhooks/new-webhook.js';
import { authed } from './authed.js';
import { pageLimit, singleParam } from './query-params.js';
import type { RouteModule } from './route-module.js';
import { firstProblem } from './validation-message.js';

const BODY_LIMIT = 16 * 1024;
const DELIVERY_PAGE = { fallback: 50, max: 100 };

export function webhookToWire(w: StoredWebhook): Webhook {
  return {
    id: w.id,
    url: w.url,
    events: [...w.events],
    format: w.format,
    created_at: w.created_at,
    disabled_at: w.disabled_at,
    disabled_reason: w.disabled_reason,
  };
}

export function deliveryToWire(d: StoredDelivery): Delivery {
  return {
    id: d.id,
    event_id: d.event_id,
    type: d.type,
    status: d.status,
    attempts: d.attempts,
    last_status_code: d.last_status_code,
    next_attempt_at: d.status === 'pending' && d.next_attempt_ms !== null ? new Date(d.next_attempt_ms).toISOString() : null,
    created_at: d.created_at,
    last_attempt_at: d.last_attempt_at,
    last_error: d.last_error,
    log: d.log.map((a) => ({ ...a })),
  };
}

const createWebhookRoute: RouteModule = {
  name: 'POST /webhooks',
  register(router, deps) {
    router.post(
      '/webhooks',
      ...deps.guard,
      jsonBody(BODY_LIMIT),
      authed(async (ctx) => {
        const made = await newWebhook(ctx.state.account.id, ctx.state.body, deps.now(), deps.addressGuard, firstProblem);
        if (!made.ok) throw new HttpError(made.problem === 'refused' ? 422 : 400, made.message);
        const webhook = made.webhook;
        if ((await (await deps.store.webhooks()).createWebhook(webhook, WEBHOOK_LIMIT)) === 'limit')
          throw new HttpError(400, webhookLimitMessage());
        ctx.status = 201;
        ctx.set('Location', `/api/v1/webhooks/${webhook.id}`);
        ctx.set('Cache-Control', 'no-store'); // the answer holds the secret
        ctx.body = { webhook: { ...webhookToWire(webhook), secret: webhook.secret } };
      }),
    );
  },
};

const listWebhooksRoute: RouteModule = {
  name: 'GET /webhooks',
  register(router, deps) {
    router.get(
      '/webhooks',
      ...deps.guard,
      authed(async (ctx) => {
        ctx.body = { webhooks: (await (await deps.store.webhooks()).listWebhooks(ctx.state.account.id)).map(webhookToWire) };
      }),
    );
  },
};

const deleteWebhookRoute: RouteModule = {
  name: 'DELETE /webhooks/{id}',
  register(router, deps) {
    router.delete(
      '/webhooks/:id',
      ...deps.guard,
      authed(async (ctx) => {
        const id = ctx.params.id ?? '';
        if (!WEBHOOK_ID_PATTERN.test(id) || !(await (await deps.store.webhooks()).deleteWebhook(ctx.state.account.id, id)))
          throw new HttpError(404, 'Webhook not found');
        ctx.status = 204;
      }),
    );
  },
};

const testWebhookRoute: RouteModule = {
  name: 'POST /webhooks/{id}/test',
  register(router, deps) {
    router.post(
      '/webhooks/:id/test',
      ...deps.guard,
      authed(async (ctx) => {
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
      }),
    );
  },
};

const listDeliveriesRoute: RouteModule = {
  name: 'GET /webhooks/{id}/deliveries',
  register(router, deps) {
    router.get(
      '/webhooks/:id/deliveries',
      ...deps.guard,
      authed(async (ctx) => {
        const webhook = await findWebhook(deps, ctx.state.account.id, ctx.params.id);
        const limit = pageLimit(ctx.query, DELIVERY_PAGE.fallback, DELIVERY_PAGE.max);
        const cursor = singleParam(ctx.query, 'cursor');
        const after = cursor === undefined ? undefined : decodeDeliveryCursor(cursor);
        if (after === null) throw new HttpError(400, 'cursor is not valid: pass the next_cursor of a previous page unchanged');
        const page = await (
          await deps.store.webhooks()
        ).listDeliveries(webhook.account_id, webhook.id, { limit, ...(after ? { after } : {}) });
        ctx.body = { deliveries: page.deliveries.map(deliveryToWire), next_cursor: page.next ? encodeDeliveryCursor(page.next) : null };
      }),
    );
  },
};

async function findWebhook(
  deps: Parameters<RouteModule['register']>[1],
  accountId: string,
  id: string | undefined,
): Promise<StoredWebhook> {
  const webhook = id && WEBHOOK_ID_PATTERN.test(id) ? await (await deps.store.webhooks()).getWebhook(accountId, id) : null;
  if (!webhook) throw new HttpError(404, 'Webhook not found');
  return webhook;
}

function encodeDeliveryCursor(position: { created_ms: number; id: string }): string {
  return Buffer.from(`d1.${position.created_ms}.${position.id}`).toString('base64url');
}

function decodeDeliveryCursor(cursor: string): { created_ms: number; id: string } | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const match = /^d1\.(\d{1,16})\.(dlv_[A-Za-z0-9]{20})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? { created_ms: Number(match[1]), id: match[2]! } : null;
}

export const WEBHOOK_ROUTES: readonly RouteModule[] = [
  createWebhookRoute,
  listWebhooksRoute,
  deleteWebhookRoute,
  testWebhookRoute,
  listDeliveriesRoute,
];
