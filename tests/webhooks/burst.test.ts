/**
 * 1,000 events at once for a slow receiver: every one is delivered exactly once, never more than the
 * per-webhook bound at a time, while a second webhook's receiver is not held up behind the slow one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventPublisher } from '../../server/events/publisher.js';
import { createMemoryLogger } from '../../server/logging/logger.js';
import { createAddressGuard } from '../../server/net/address-guard.js';
import { LowdbStore } from '../../server/store/lowdb/store.js';
import { DeliveryWorker } from '../../server/webhooks/delivery-worker.js';
import { until } from '../helpers/until.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';
import { webhook } from '../server/store/contracts/webhooks.js';

const EVENTS = 1_000;
const PER_WEBHOOK = 4;
const ACCOUNT = 'acct_BURSTBURST01';

describe('a burst of 1,000 events to a slow receiver', () => {
  let dir: string;
  let store: LowdbStore;
  let slow: Receiver;
  let fast: Receiver;
  let worker: DeliveryWorker;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-burst-'));
    store = await LowdbStore.open(dir);
    slow = await startReceiver(() => ({ kind: 'status', status: 200, delayMs: 5 }));
    fast = await startReceiver();
  });
  afterAll(async () => {
    await worker?.stop(100);
    await store.close();
    await Promise.all([slow.close(), fast.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  it('delivers each once, at most the per-webhook bound at a time, and drops nothing', async () => {
    const hooks = await store.webhooks();
    const slowHook = { ...webhook(ACCOUNT, ['audit.completed']), url: slow.url };
    const fastHook = { ...webhook(ACCOUNT, ['ping']), url: fast.url };
    await hooks.createWebhook(slowHook, 20);
    await hooks.createWebhook(fastHook, 20);
    worker = new DeliveryWorker({
      store: () => store.webhooks(),
      guard: createAddressGuard({ allowPrivate: true }),
      logger: createMemoryLogger(),
      perWebhook: PER_WEBHOOK,
      pollMs: 50,
    });
    const publisher = createEventPublisher({ store: () => store.webhooks(), wake: () => worker.wake(), logger: createMemoryLogger() });
    const published = await Promise.all(
      Array.from({ length: EVENTS }, (_, i) => publisher.publish(ACCOUNT, 'audit.completed', { audit: { n: i } } as never)),
    );
    expect(published.every((p) => p.deliveries.length === 1)).toBe(true);
    worker.start();

    // While the slow receiver works through its line, a ping to the other webhook gets through at once.
    await slow.waitFor(PER_WEBHOOK * 3);
    await publisher.publish(ACCOUNT, 'ping', { webhook_id: fastHook.id, message: 'not behind the burst' });
    await fast.waitFor(1);
    expect(slow.requests.length).toBeLessThan(EVENTS);

    await slow.waitFor(EVENTS, 60_000);
    const ids = slow.requests.map((r) => JSON.parse(r.body).id as string);
    expect(new Set(ids).size).toBe(EVENTS);
    expect(new Set(ids)).toEqual(new Set(published.map((p) => p.event.id)));
    expect(slow.maxConcurrent).toBeLessThanOrEqual(PER_WEBHOOK);
    expect(slow.maxConcurrent).toBeGreaterThan(1);
    const delivered = await until('every delivery to the slow receiver to be delivered', async () => {
      const page = await hooks.listDeliveries(ACCOUNT, slowHook.id, { limit: EVENTS + 1 });
      return page.deliveries.every((d) => d.status === 'delivered') ? page.deliveries : undefined;
    });
    expect(delivered).toHaveLength(EVENTS);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(slow.requests).toHaveLength(EVENTS); // nothing sent twice
  }, 90_000);
});
