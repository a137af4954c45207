/**
 * At delivery the guard decides again, after DNS, on the connect: a receiver whose name resolved to a
 * public address when the webhook was created and to a private one later (DNS rebinding) gets nothing.
 * And the real timeout: a receiver that hangs is abandoned after 10 s.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { LookupFunction } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventPublisher } from '../../server/events/publisher.js';
import { createMemoryLogger } from '../../server/logging/logger.js';
import { createAddressGuard } from '../../server/net/address-guard.js';
import { LowdbStore } from '../../server/store/lowdb/store.js';
import type { StoredWebhook } from '../../server/store/contracts/webhooks.js';
import { DeliveryWorker } from '../../server/webhooks/delivery-worker.js';
import { sendWebhook } from '../../server/webhooks/send-webhook.js';
import { checkWebhookUrl } from '../../server/webhooks/webhook-url.js';
import { until } from '../helpers/until.js';
import { fakeDns } from '../helpers/fake-dns.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function webhookFor(url: string): StoredWebhook {
  return {
    id: 'wh_REBIND0000000000',
    account_id: 'acct_rebind',
    url,
    events: ['*'],
    format: 'json',
    secret: `whsec_${'s'.repeat(32)}`,
    created_at: new Date().toISOString(),
    disabled_at: null,
    disabled_reason: null,
    gone_streak: 0,
  };
}

describe('the SSRF guard at delivery', () => {
  it('refuses a name that now resolves to a private address, though it passed at creation', async () => {
    const receiver: Receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const port = Number(new URL(receiver.url).port);
    // The loopback receiver stands in for a public host at creation; later the name answers 127.0.0.2.
    let answer = '127.0.0.1';
    const lookup: LookupFunction = (hostname, options, callback) =>
      fakeDns({ 'hooks.rebind.example.com': [answer] })(hostname, options, callback);
    const guard = createAddressGuard({ allowPrivate: false, lookup, unsafeTreatAsPublic: [`127.0.0.1:${port}`] });
    const url = `http://hooks.rebind.example.com:${port}/hook`;
    expect((await checkWebhookUrl(url, guard)).ok).toBe(true);

    const dir = await mkdtemp(path.join(os.tmpdir(), 'citable-rebind-'));
    const store = await LowdbStore.open(dir);
    cleanup.push(
      () => rm(dir, { recursive: true, force: true }),
      () => store.close(),
    );
    const webhooks = await store.webhooks();
    await webhooks.createWebhook(webhookFor(url), 20);
    const logger = createMemoryLogger();
    const worker = new DeliveryWorker({
      store: () => store.webhooks(),
      guard,
      logger,
      retry: { delaysMs: [60_000], random: () => 0.5 },
      pollMs: 20,
    });
    worker.start();
    cleanup.push(() => worker.stop(100));
    const publisher = createEventPublisher({ store: () => store.webhooks(), wake: () => worker.wake(), logger });

    answer = '127.0.0.2';
    await publisher.publish('acct_rebind', 'ping', { webhook_id: 'wh_REBIND0000000000', message: 'rebound' });
    const [delivery] = await until('the first delivery attempt', async () => {
      const page = await webhooks.listDeliveries('acct_rebind', 'wh_REBIND0000000000', { limit: 10 });
      return page.deliveries[0]?.attempts === 1 ? page.deliveries : undefined;
    });
    expect(delivery!.status).toBe('pending'); // retried later, when DNS may be right again
    expect(delivery!.log[0]!.status_code).toBeNull();
    expect(delivery!.log[0]!.error).toMatch(/hooks\.rebind\.example\.com \(127\.0\.0\.2\).*loopback.*only to public addresses/);
    expect(receiver.requests).toHaveLength(0);

    answer = '127.0.0.1';
    const sent = await sendWebhook({ url, body: '{}', headers: {} }, { guard });
    expect(sent).toMatchObject({ kind: 'ok', statusCode: 204 }); // the same name, public again, is delivered
  });

  it("abandons a receiver that hangs, after the contract's 10 s", async () => {
    const receiver = await startReceiver(() => ({ kind: 'hang' }));
    cleanup.push(() => receiver.close());
    const guard = createAddressGuard({ allowPrivate: true });
    const outcome = await sendWebhook({ url: receiver.url, body: '{}', headers: {} }, { guard });
    expect(outcome).toMatchObject({ kind: 'error', statusCode: null, error: 'no answer within 10 s' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(9_900); // the deadline, not a speed goal
    expect(receiver.requests).toHaveLength(1);
  }, 20_000);

  it('refuses private receivers unless AUDIT_ALLOW_PRIVATE lifts the guard', async () => {
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const strict = await sendWebhook(
      { url: receiver.url, body: '{}', headers: {} },
      { guard: createAddressGuard({ allowPrivate: false }) },
    );
    expect(strict).toMatchObject({ kind: 'error', statusCode: null });
    expect(strict.error).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(receiver.requests).toHaveLength(0);
    expect(
      await sendWebhook({ url: receiver.url, body: '{}', headers: {} }, { guard: createAddressGuard({ allowPrivate: true }) }),
    ).toMatchObject({ kind: 'ok' });
  });
});
