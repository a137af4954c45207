/**
 * POST /webhooks `{url, events, format?}` (201, with the secret, shown only here). The URL passes the
 * SSRF guard at creation (after DNS) and again at each delivery.
 */
import { HttpError } from '../../http/http-error.js';
import { newWebhook, WEBHOOK_LIMIT, webhookLimitMessage } from '../../webhooks/new-webhook.js';
import { route } from '../route.js';
import { firstProblem } from '../validation-message.js';
import { webhookToWire } from './webhook-wire.js';

const BODY_LIMIT = 16 * 1024;

export const createWebhook = route({
  method: 'POST',
  path: '/webhooks',
  body: { limit: BODY_LIMIT },
  async handle(ctx, deps) {
    const made = await newWebhook(ctx.state.account.id, ctx.state.body, deps.now(), deps.addressGuard, firstProblem);
    if (!made.ok) throw new HttpError(made.problem === 'refused' ? 422 : 400, made.message);
    const webhook = made.webhook;
    if ((await (await deps.store.webhooks()).createWebhook(webhook, WEBHOOK_LIMIT)) === 'limit')
      throw new HttpError(400, webhookLimitMessage());
    ctx.status = 201;
    ctx.set('Location', `/api/v1/webhooks/${webhook.id}`);
    ctx.set('Cache-Control', 'no-store'); // the answer holds the secret
    ctx.body = { webhook: { ...webhookToWire(webhook), secret: webhook.secret } };
  },
});
