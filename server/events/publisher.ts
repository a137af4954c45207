/**
 * Where events enter the outbox: an event is stored with its deliveries (one per webhook of the account
 * that wants its type) before anything is sent, then the delivery worker is woken. Publishing is cheap
 * when no webhook wants the type: callers ask `wants` before building a payload that costs a query.
 */
import type { EventData, WebhookEventType } from '../../shared/schema/webhook.js';
import type { Logger } from '../logging/logger.js';
import type { StoredDelivery, StoredEvent, WebhookStore } from '../store/contracts/webhooks.js';
import { randomBase62 } from '../util/base62.js';

export interface PublishOptions {
  /** One event per account and key, whichever path asks twice (an audit's events). */
  dedupeKey?: string;
  /** Only this webhook gets it (a test ping). */
  onlyWebhook?: string;
}

export interface Published {
  event: StoredEvent;
  /** Empty when nothing wanted the event (then nothing was stored). */
  deliveries: StoredDelivery[];
}

export interface EventPublisher {
  wants(accountId: string, types: readonly WebhookEventType[]): Promise<boolean>;
  publish<T extends WebhookEventType>(accountId: string, type: T, data: EventData[T], options?: PublishOptions): Promise<Published>;
}

export interface PublisherDeps {
  store: () => Promise<WebhookStore>;
  /** Wakes the delivery worker (absent: deliveries wait for its next look). */
  wake?: () => void;
  now?: () => Date;
  logger: Logger;
}

export function createEventPublisher(deps: PublisherDeps): EventPublisher {
  const now = deps.now ?? (() => new Date());
  return {
    async wants(accountId, types) {
      return (await deps.store()).wants(accountId, types);
    },
    async publish(accountId, type, data, options = {}) {
      const event: StoredEvent = {
        id: newEventId(),
        account_id: accountId,
        type,
        created_at: now().toISOString(),
        data,
        dedupe_key: options.dedupeKey ?? null,
      };
      const deliveries = await (
        await deps.store()
      ).recordEvent(event, options.onlyWebhook !== undefined ? { onlyWebhook: options.onlyWebhook } : {});
      if (deliveries.length > 0) {
        deps.logger.debug('event stored', { event_id: event.id, type, account_id: accountId, deliveries: deliveries.length });
        deps.wake?.();
      }
      return { event, deliveries };
    },
  };
}

export function newEventId(): string {
  return `evt_${randomBase62(24)}`;
}
