/**
 * The webhook half of the store (docs/api-decisions.md#monitors-and-webhooks): webhooks with their signing secrets, and the
 * outbox: every event is stored together with one pending delivery per webhook that wants it before
 * any attempt, so a restart or a SIGKILL loses none. Delivery workers claim due deliveries with a lease
 * (no two processes send the same delivery at once; a lease that runs out, its process dead, is taken
 * over). Reached through `Store.webhooks()`; every write resolves once it is durable.
 */
import type { DeliveryAttempt, DeliveryStatus, WebhookEventType, WebhookFormat } from '../../../shared/schema/webhook.js';

export interface StoredWebhook {
  id: string;
  account_id: string;
  url: string;
  events: Array<WebhookEventType | '*'>;
  format: WebhookFormat;
  /** `whsec_...`: the server signs with it, so it is stored as is (README: how it is protected). */
  secret: string;
  created_at: string;
  disabled_at: string | null;
  disabled_reason: string | null;
  /** 410 Gone answers in a row; reset by any 2xx. */
  gone_streak: number;
}

/** An event as stored: the body every delivery of it sends (`{id, type, created_at, data}`). */
export interface StoredEvent {
  id: string;
  account_id: string;
  type: WebhookEventType;
  created_at: string;
  data: unknown;
  /** Stored once per account and key (an audit's events, whichever path stored it); null: always stored. */
  dedupe_key: string | null;
}

export interface StoredDelivery {
  id: string;
  webhook_id: string;
  account_id: string;
  event_id: string;
  type: WebhookEventType;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  /** Epoch ms of the next attempt; null once delivered or failed. */
  next_attempt_ms: number | null;
  created_at: string;
  last_attempt_at: string | null;
  last_error: string | null;
  log: DeliveryAttempt[];
}

/** A delivery claimed for an attempt, with what sending it needs. */
export interface ClaimedDelivery {
  delivery: StoredDelivery;
  event: StoredEvent;
  webhook: StoredWebhook;
}

/** The result of one attempt, as the delivery worker decided it. */
export interface AttemptResult {
  attempt: DeliveryAttempt;
  status: DeliveryStatus;
  /** When still pending: the next attempt's time. */
  next_attempt_ms: number | null;
  last_error: string | null;
  /** 'gone': a 410 (counts toward disabling); 'ok': a 2xx (resets the count); 'other': neither. */
  answer: 'gone' | 'ok' | 'other';
}

export interface RecordEventOptions {
  /** Only this webhook gets a delivery (a test ping), whatever its event filter. */
  onlyWebhook?: string;
}

export interface ClaimOptions {
  nowMs: number;
  /** Deliveries to claim at most. */
  limit: number;
  leaseMs: number;
  /** At most this many per webhook (its free sending slots); webhooks absent take `perWebhookDefault`. */
  perWebhook: ReadonlyMap<string, number>;
  perWebhookDefault: number;
}

export interface DeliveryPage {
  deliveries: StoredDelivery[];
  /** Continue after this delivery (newest first), or null on the last page. */
  next: { created_ms: number; id: string } | null;
}

/** PATCH /webhooks/{id}: the members given replace the stored ones; `secret` only when it is rotated. */
export interface WebhookPatch {
  url?: string;
  events?: Array<WebhookEventType | '*'>;
  format?: WebhookFormat;
  secret?: string;
}

/** The webhook with the patch applied (both stores): a new URL re-enables it. */
export function patchedWebhook(webhook: StoredWebhook, patch: WebhookPatch): StoredWebhook {
  const moved = patch.url !== undefined && patch.url !== webhook.url;
  return {
    ...webhook,
    ...(patch.url !== undefined ? { url: patch.url } : {}),
    ...(patch.events !== undefined ? { events: [...patch.events] } : {}),
    ...(patch.format !== undefined ? { format: patch.format } : {}),
    ...(patch.secret !== undefined ? { secret: patch.secret } : {}),
    ...(moved ? { disabled_at: null, disabled_reason: null, gone_streak: 0 } : {}),
  };
}

export interface WebhookStore {
  /** Adds a webhook unless the account holds `limit` already. */
  createWebhook(webhook: StoredWebhook, limit: number): Promise<'created' | 'limit'>;
  /** The account's webhooks, oldest first. */
  listWebhooks(accountId: string): Promise<StoredWebhook[]>;
  getWebhook(accountId: string, id: string): Promise<StoredWebhook | null>;
  /**
   * Changes the members the patch gives; a new URL re-enables a disabled webhook (its 410 count reset: the
   * receiver moved). Null when the account has no webhook with this id.
   */
  updateWebhook(accountId: string, id: string, patch: WebhookPatch): Promise<StoredWebhook | null>;
  /** Deletes the webhook and its deliveries; false when the account has none with this id. */
  deleteWebhook(accountId: string, id: string): Promise<boolean>;
  /** True when an active webhook of the account wants any of these types (lets callers skip building events). */
  wants(accountId: string, types: readonly WebhookEventType[]): Promise<boolean>;
  /**
   * Stores the event and one pending delivery (due at once) per active webhook of its account that wants
   * its type, in one durable write; nothing is stored when none wants it, or when the account already has
   * an event with this dedupe key. Returns the deliveries made.
   */
  recordEvent(event: StoredEvent, options?: RecordEventOptions): Promise<StoredDelivery[]>;
  /** Leases due pending deliveries of active webhooks, oldest due first, within the per-webhook bounds. */
  claimDue(options: ClaimOptions): Promise<ClaimedDelivery[]>;
  /**
   * Stores an attempt's outcome and releases the lease. A 410 adds to the webhook's streak; at
   * `disableAfterGone` in a row the webhook is disabled (`reason`) and its pending deliveries fail with
   * that reason. Returns true when this attempt disabled the webhook.
   */
  recordAttempt(deliveryId: string, result: AttemptResult, disable: { afterGone: number; reason: string; at: string }): Promise<boolean>;
  /** Epoch ms of the earliest pending delivery's next attempt, or null. */
  nextDueMs(): Promise<number | null>;
  getDelivery(accountId: string, id: string): Promise<StoredDelivery | null>;
  /**
   * Sends a delivery's event again: a new pending delivery of the same event (the same event id, so receivers
   * can drop a duplicate) to the same webhook, created and due at `nowMs`. Null when the account has no such delivery.
   */
  redeliver(accountId: string, deliveryId: string, nowMs: number): Promise<StoredDelivery | null>;
  /** A webhook's deliveries, newest first. */
  listDeliveries(
    accountId: string,
    webhookId: string,
    query: { limit: number; after?: { created_ms: number; id: string } },
  ): Promise<DeliveryPage>;
  close(): Promise<void>;
}
