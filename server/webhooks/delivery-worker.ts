/**
 * Sends what the outbox holds. A loop claims due deliveries from the store (leased, so no other process
 * sends them meanwhile), within two bounds: `concurrency` attempts at once in this process, and
 * `perWebhook` at once to any one webhook, so a slow receiver holds a few slots and never the rest; what
 * is left waits in the store, where nothing is lost. Each attempt is signed afresh (a new `t=`) over the
 * same body with the same event id, and its outcome stored: delivered (2xx), retried later (the backoff
 * of retry-schedule.ts), or failed (410 Gone, or the last attempt). Three 410s in a row disable the
 * webhook. `wake()` (a new event) claims at once; otherwise the loop looks again every `pollMs` (other
 * processes' events, on PostgreSQL) or when the next retry is due.
 */
import { setMaxListeners } from 'node:events';
import type { Logger } from '../logging/logger.js';
import type { AddressGuard } from '../net/address-guard.js';
import type { AttemptResult, ClaimedDelivery, WebhookStore } from '../store/contracts/webhooks.js';
import { deliveryBody } from './delivery-body.js';
import { DEFAULT_RETRY_POLICY, nextAttemptAt, type RetryPolicy } from './retry-schedule.js';
import { sendWebhook, DELIVERY_TIMEOUT_MS, type SendOutcome } from './send-webhook.js';
import { signatureHeader } from './signature.js';
import { countDelivery } from '../metrics/work-metrics.js';

export const GONE_DISABLES_AFTER = 3;
export const PER_WEBHOOK_DEFAULT = 4;
export const DELIVERY_CONCURRENCY_DEFAULT = 32;

export interface DeliveryWorkerOptions {
  store: () => Promise<WebhookStore>;
  guard: AddressGuard;
  logger: Logger;
  now?: () => number;
  retry?: RetryPolicy;
  /** Attempts at once to one webhook (WEBHOOK_CONCURRENCY). */
  perWebhook?: number;
  /** Attempts at once in this process. */
  concurrency?: number;
  /** How often to look for work nobody woke us for (default 1 s). */
  pollMs?: number;
  /** How long a claim holds a delivery (default 30 s: longer than an attempt can last). */
  leaseMs?: number;
  timeoutMs?: number;
  /** Called after each attempt is stored (benchmarks, tests). */
  onAttempt?: (claimed: ClaimedDelivery, outcome: SendOutcome) => void;
}

export class DeliveryWorker {
  readonly #options: Required<Omit<DeliveryWorkerOptions, 'onAttempt'>> & Pick<DeliveryWorkerOptions, 'onAttempt'>;
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #perWebhook = new Map<string, number>();
  readonly #abort = new AbortController();
  #running = false;
  #loop: Promise<void> | null = null;
  #wakeUp: (() => void) | null = null;
  #woken = false;

  constructor(options: DeliveryWorkerOptions) {
    this.#options = {
      now: () => Date.now(),
      retry: DEFAULT_RETRY_POLICY,
      perWebhook: PER_WEBHOOK_DEFAULT,
      concurrency: DELIVERY_CONCURRENCY_DEFAULT,
      pollMs: 1_000,
      leaseMs: 30_000,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      ...options,
    };
    setMaxListeners(this.#options.concurrency + 10, this.#abort.signal); // one listener per attempt in flight, by design
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  /** Something was stored (an event, a retry came due): claim now rather than at the next poll. */
  wake(): void {
    this.#woken = true;
    this.#wakeUp?.();
  }

  /** Attempts in flight. */
  get busy(): number {
    return this.#inFlight.size;
  }

  /** Stops claiming; attempts in flight get `graceMs` to finish, then are abandoned unrecorded (sent again later). */
  async stop(graceMs = 3_000): Promise<void> {
    this.#running = false;
    this.wake();
    await this.#loop;
    const settled = Promise.allSettled([...this.#inFlight.values()]);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([settled, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    this.#abort.abort();
    await settled;
  }

  async #run(): Promise<void> {
    while (this.#running) {
      this.#woken = false;
      let claimed = 0;
      try {
        claimed = await this.#claim();
      } catch (error) {
        this.#options.logger.error('webhook delivery claim failed', { error: String(error) });
      }
      if (!this.#running) break;
      if (claimed > 0 && this.#inFlight.size < this.#options.concurrency) continue; // there may be more due
      if (!this.#woken) await this.#idle();
    }
  }

  async #claim(): Promise<number> {
    const free = this.#options.concurrency - this.#inFlight.size;
    if (free <= 0) return 0;
    const room = new Map<string, number>();
    for (const [webhookId, n] of this.#perWebhook) room.set(webhookId, Math.max(0, this.#options.perWebhook - n));
    const store = await this.#options.store();
    const claimed = await store.claimDue({
      nowMs: this.#options.now(),
      limit: free,
      leaseMs: this.#options.leaseMs,
      perWebhook: room,
      perWebhookDefault: this.#options.perWebhook,
    });
    for (const c of claimed) this.#launch(store, c);
    return claimed.length;
  }

  /** Sleeps until woken, a slot frees, the next retry is due, or the poll interval passes. */
  async #idle(): Promise<void> {
    let wait = this.#options.pollMs;
    try {
      const next = await (await this.#options.store()).nextDueMs();
      if (next !== null && next > this.#options.now()) wait = Math.min(wait, next - this.#options.now());
    } catch {
      // the claim will report it
    }
    if (this.#woken || !this.#running) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.max(1, wait));
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wakeUp = done;
    });
    this.#wakeUp = null;
  }

  #launch(store: WebhookStore, claimed: ClaimedDelivery): void {
    const webhookId = claimed.webhook.id;
    this.#perWebhook.set(webhookId, (this.#perWebhook.get(webhookId) ?? 0) + 1);
    const attempt = this.#attempt(store, claimed)
      .catch((error: unknown) =>
        this.#options.logger.error('webhook delivery attempt failed to record', { delivery_id: claimed.delivery.id, error: String(error) }),
      )
      .finally(() => {
        this.#inFlight.delete(claimed.delivery.id);
        const left = (this.#perWebhook.get(webhookId) ?? 1) - 1;
        if (left > 0) this.#perWebhook.set(webhookId, left);
        else this.#perWebhook.delete(webhookId);
        this.wake(); // a slot is free
      });
    this.#inFlight.set(claimed.delivery.id, attempt);
  }

  async #attempt(store: WebhookStore, claimed: ClaimedDelivery): Promise<void> {
    const { delivery, event, webhook } = claimed;
    const body = deliveryBody(event, webhook.format);
    const sentAt = this.#options.now();
    const outcome = await sendWebhook(
      {
        url: webhook.url,
        body,
        headers: {
          'citable-event': event.type,
          'citable-event-id': event.id,
          'citable-delivery': delivery.id,
          'citable-signature': signatureHeader(webhook.secret, Math.floor(sentAt / 1000), body),
        },
      },
      { guard: this.#options.guard, timeoutMs: this.#options.timeoutMs, signal: this.#abort.signal },
    );
    if (this.#abort.signal.aborted) return; // shutting down: not recorded; the lease runs out and it is sent again
    const result = this.#decide(delivery.attempts + 1, outcome, sentAt);
    const disabledAt = new Date(this.#options.now()).toISOString();
    const disabled = await store.recordAttempt(delivery.id, result, {
      afterGone: GONE_DISABLES_AFTER,
      at: disabledAt,
      reason: `webhook disabled at ${disabledAt}: the receiver answered 410 Gone ${GONE_DISABLES_AFTER} times in a row; create it again to resume`,
    });
    this.#log(claimed, outcome, result, disabled);
    countDelivery(result.status === 'pending' ? 'retrying' : result.status);
    this.#options.onAttempt?.(claimed, outcome);
  }

  #decide(attempts: number, outcome: SendOutcome, sentAt: number): AttemptResult {
    const attempt = {
      at: new Date(sentAt).toISOString(),
      status_code: outcome.statusCode,
      error: outcome.error,
      duration_ms: outcome.durationMs,
    };
    if (outcome.kind === 'ok') return { attempt, status: 'delivered', next_attempt_ms: null, last_error: null, answer: 'ok' };
    if (outcome.kind === 'gone') return { attempt, status: 'failed', next_attempt_ms: null, last_error: outcome.error, answer: 'gone' };
    const next = nextAttemptAt(this.#options.retry, attempts, this.#options.now());
    if (next === null) {
      return {
        attempt,
        status: 'failed',
        next_attempt_ms: null,
        last_error: `${outcome.error}; gave up after ${attempts} attempts`,
        answer: 'other',
      };
    }
    return { attempt, status: 'pending', next_attempt_ms: next, last_error: outcome.error, answer: 'other' };
  }

  #log(claimed: ClaimedDelivery, outcome: SendOutcome, result: AttemptResult, disabled: boolean): void {
    const fields = {
      webhook_id: claimed.webhook.id,
      delivery_id: claimed.delivery.id,
      event_id: claimed.event.id,
      type: claimed.event.type,
      attempt: claimed.delivery.attempts + 1,
      status_code: outcome.statusCode,
      duration_ms: outcome.durationMs,
    };
    const logger = this.#options.logger;
    if (result.status === 'delivered') logger.debug('webhook delivered', fields);
    else if (result.status === 'pending')
      logger.info('webhook delivery failed; will retry', {
        ...fields,
        error: outcome.error,
        next_attempt_at: new Date(result.next_attempt_ms!).toISOString(),
      });
    else logger.warn('webhook delivery failed for good', { ...fields, error: result.last_error });
    if (disabled) logger.warn('webhook disabled', { webhook_id: claimed.webhook.id, reason: 'the receiver answered 410 Gone repeatedly' });
  }
}
