/**
 * Webhooks as the server runs them: the SSRF guard (the audit fetcher's, for URLs at creation and every
 * delivery), the publisher that stores events in the outbox, and the delivery worker that sends them.
 * createApp builds one (not started) unless given one; server/app/start-server.ts starts and stops it.
 */
import type { LookupFunction } from 'node:net';
import { createEventPublisher, type EventPublisher } from '../events/publisher.js';
import type { Logger } from '../logging/logger.js';
import { createAddressGuard, type AddressGuard } from '../net/address-guard.js';
import type { WebhookStore } from '../store/contracts/webhooks.js';
import { DeliveryWorker, type DeliveryWorkerOptions } from './delivery-worker.js';

export interface WebhookRuntime {
  guard: AddressGuard;
  publisher: EventPublisher;
  worker: DeliveryWorker;
  start(): void;
  stop(): Promise<void>;
}

export interface WebhookRuntimeOptions extends Partial<
  Pick<DeliveryWorkerOptions, 'retry' | 'perWebhook' | 'concurrency' | 'pollMs' | 'leaseMs' | 'timeoutMs' | 'onAttempt'>
> {
  store: () => Promise<WebhookStore>;
  logger: Logger;
  /** AUDIT_ALLOW_PRIVATE=1: private and loopback receivers are allowed (tests, local development). */
  allowPrivate: boolean;
  now?: () => Date;
  /** The guard to use (the app's); absent: one is made from `allowPrivate` and the seams below. */
  guard?: AddressGuard;
  /** Test seams of the guard (as the audit fetcher's). */
  lookup?: LookupFunction;
  unsafeTreatAsPublic?: readonly string[];
}

export function createWebhookRuntime(options: WebhookRuntimeOptions): WebhookRuntime {
  const now = options.now ?? (() => new Date());
  const guard =
    options.guard ??
    createAddressGuard({ allowPrivate: options.allowPrivate, lookup: options.lookup, unsafeTreatAsPublic: options.unsafeTreatAsPublic });
  const worker = new DeliveryWorker({
    store: options.store,
    guard,
    logger: options.logger,
    now: () => now().getTime(),
    ...pick(options, ['retry', 'perWebhook', 'concurrency', 'pollMs', 'leaseMs', 'timeoutMs', 'onAttempt']),
  });
  const publisher = createEventPublisher({ store: options.store, wake: () => worker.wake(), now, logger: options.logger });
  return {
    guard,
    publisher,
    worker,
    start: () => worker.start(),
    stop: () => worker.stop(),
  };
}

function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}
