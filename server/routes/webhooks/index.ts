/**
 * Webhooks: create (the secret is shown only then), list, edit (rotating the secret on request), delete,
 * send a test `ping`, read the delivery log and send a delivery again. Events reach them through the outbox (server/webhooks/).
 */
import type { Route } from '../route.js';
import { createWebhook } from './create-webhook.js';
import { deleteWebhook } from './delete-webhook.js';
import { listDeliveries } from './list-deliveries.js';
import { listWebhooks } from './list-webhooks.js';
import { testWebhook } from './test-webhook.js';
import { updateWebhook } from './update-webhook.js';
import { redeliverDelivery } from './redeliver-delivery.js';

export const WEBHOOK_ROUTES: readonly Route[] = [
  createWebhook,
  listWebhooks,
  updateWebhook,
  deleteWebhook,
  testWebhook,
  listDeliveries,
  redeliverDelivery,
];
