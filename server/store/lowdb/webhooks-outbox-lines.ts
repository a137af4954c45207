/** Line formats of the embedded outbox journal (DATA_DIR/webhooks/outbox.journal), and the checks that a line read back is one we wrote. */
import type { DeliveryAttempt, DeliveryStatus } from '../../../shared/schema/webhook.js';
import type { StoredDelivery, StoredEvent } from '../contracts/webhooks.js';

export type OutboxLine =
  /** An event and its deliveries, as first stored (or as they stood when the journal was compacted). */
  | { op: 'event'; event: StoredEvent; deliveries: StoredDelivery[] }
  /** One attempt's outcome. */
  | {
      op: 'attempt';
      id: string;
      status: DeliveryStatus;
      next_attempt_ms: number | null;
      last_error: string | null;
      attempt: DeliveryAttempt;
    }
  /** Pending deliveries given up without an attempt (their webhook was disabled). */
  | { op: 'fail'; ids: string[]; reason: string }
  /** A deleted webhook's deliveries leave the log. */
  | { op: 'drop'; webhook_id: string };

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';

function isDelivery(v: unknown): boolean {
  return (
    isObject(v) &&
    isString(v.id) &&
    isString(v.webhook_id) &&
    isString(v.event_id) &&
    isString(v.status) &&
    typeof v.attempts === 'number' &&
    Array.isArray(v.log)
  );
}

export function parseOutboxLine(value: unknown): OutboxLine | null {
  if (!isObject(value)) return null;
  switch (value.op) {
    case 'event': {
      const e = value.event;
      const ok =
        isObject(e) &&
        isString(e.id) &&
        isString(e.account_id) &&
        isString(e.type) &&
        isString(e.created_at) &&
        Array.isArray(value.deliveries) &&
        value.deliveries.every(isDelivery);
      return ok ? (value as OutboxLine) : null;
    }
    case 'attempt':
      return isString(value.id) && isString(value.status) && isObject(value.attempt) ? (value as OutboxLine) : null;
    case 'fail':
      return Array.isArray(value.ids) && value.ids.every(isString) && isString(value.reason) ? (value as OutboxLine) : null;
    case 'drop':
      return isString(value.webhook_id) ? (value as OutboxLine) : null;
    default:
      return null;
  }
}
