/** Stored webhooks and deliveries as the API shows them (never the secret: only POST /webhooks shows it, once). */
import type { Delivery, Webhook } from '../../../shared/schema/webhook.js';
import type { StoredDelivery, StoredWebhook } from '../../store/contracts/webhooks.js';

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
