/**
 * Webhooks and the outbox of a lowdb data directory into PostgreSQL. Events and deliveries keep their ids,
 * states, attempts, logs and due times; a pending delivery stays pending with no lease (lowdb's leases live
 * in the stopped server's memory), so the first PostgreSQL server sends it at its due time with the same
 * event id.
 */
import type { StoredDelivery, StoredEvent, StoredWebhook } from '../contracts/webhooks.js';
import type { EachCopy } from './copy-each.js';

/** With their signing secrets: receivers keep verifying with the secret they have. */
export function webhooksCopy(webhooks: readonly StoredWebhook[]): EachCopy {
  return {
    collection: 'webhooks',
    records: webhooks.map((w) => ({
      id: w.id,
      value: w,
      params: [w.id, w.account_id, w.url, w.events, w.format, w.secret, w.created_at, w.disabled_at, w.disabled_reason, w.gone_streak],
    })),
    insert: `INSERT INTO webhooks (id, account_id, url, events, format, secret, created_at, disabled_at, disabled_reason, gone_streak)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
    select:
      'SELECT id, account_id, url, events, format, secret, created_at, disabled_at, disabled_reason, gone_streak FROM webhooks WHERE id = ANY($1)',
    stored: (row) => row,
  };
}

/** With their dedupe keys: an audit synced again after the move makes no second event. */
export function eventsCopy(events: readonly StoredEvent[]): EachCopy {
  return {
    collection: 'webhook_events',
    records: events.map((e) => ({
      id: e.id,
      value: e,
      params: [e.id, e.account_id, e.type, e.created_at, e.dedupe_key, JSON.stringify(e.data)],
    })),
    insert:
      'INSERT INTO webhook_events (id, account_id, type, created_at, dedupe_key, data) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING',
    select: 'SELECT id, account_id, type, created_at, data, dedupe_key FROM webhook_events WHERE id = ANY($1)',
    stored: (row) => row,
  };
}

export function deliveriesCopy(deliveries: readonly StoredDelivery[]): EachCopy {
  return {
    collection: 'webhook_deliveries',
    records: deliveries.map((d) => ({
      id: d.id,
      value: d,
      params: [
        d.id,
        d.webhook_id,
        d.account_id,
        d.event_id,
        d.type,
        d.status,
        d.attempts,
        d.last_status_code,
        d.next_attempt_ms,
        d.created_at,
        Date.parse(d.created_at),
        d.last_attempt_at,
        d.last_error,
        JSON.stringify(d.log),
      ],
    })),
    insert: `INSERT INTO webhook_deliveries (id, webhook_id, account_id, event_id, type, status, attempts, last_status_code, next_attempt_ms, created_at, created_ms, last_attempt_at, last_error, log)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (id) DO NOTHING`,
    select: `SELECT id, webhook_id, account_id, event_id, type, status, attempts, last_status_code, next_attempt_ms, created_at, last_attempt_at, last_error, log
               FROM webhook_deliveries WHERE id = ANY($1)`,
    stored: (row) => row,
  };
}
