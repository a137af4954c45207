/**
 * PATCH /webhooks/{id} `{url?, events?, format?, rotate_secret?}` (200): the members given replace the
 * stored ones. The secret is kept unless `rotate_secret` is true; a new one is answered this once. A new URL
 * passes the SSRF guard as at creation, and re-enables a webhook the 410 rule disabled.
 */
import { updateWebhookRequestSchema } from '../../../shared/schema/webhook.js';
import { HttpError } from '../../http/http-error.js';
import type { WebhookPatch } from '../../store/contracts/webhooks.js';
import { normalizeEvents } from '../../webhooks/new-webhook.js';
import { generateWebhookSecret } from '../../webhooks/secret.js';
import { checkWebhookUrl } from '../../webhooks/webhook-url.js';
import { parseBody } from '../parse-body.js';
import { route } from '../route.js';
import { findWebhook } from './find-webhook.js';
import { webhookToWire } from './webhook-wire.js';

export const updateWebhook = route({
  method: 'PATCH',
  path: '/webhooks/:id',
  body: { limit: 16 * 1024 },
  async handle(ctx, deps) {
    const input = parseBody(updateWebhookRequestSchema, ctx.state.body, 'Invalid webhook: ');
    if (Object.keys(input).length === 0)
      throw new HttpError(400, 'Invalid webhook: give at least one of url, events, format, rotate_secret');
    const current = await findWebhook(deps, ctx.state.account.id, ctx.params.id);
    const patch: WebhookPatch = {};
    if (input.url !== undefined) {
      const checked = await checkWebhookUrl(input.url, deps.addressGuard);
      if (!checked.ok) throw new HttpError(checked.problem === 'refused' ? 422 : 400, checked.message);
      patch.url = checked.url;
    }
    if (input.events !== undefined) patch.events = normalizeEvents(input.events);
    if (input.format !== undefined) patch.format = input.format;
    if (input.rotate_secret === true) patch.secret = generateWebhookSecret();
    const updated = await (await deps.store.webhooks()).updateWebhook(ctx.state.account.id, current.id, patch);
    if (!updated) throw new HttpError(404, 'Webhook not found');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { webhook: { ...webhookToWire(updated), ...(patch.secret ? { secret: updated.secret } : {}) } };
  },
});
