/**
 * What every WebhookStore does to edit a webhook and send a delivery again (server/store/contracts/webhooks.ts),
 * run against lowdb and PostgreSQL by webhooks.test.ts (registry.ts).
 */
import { describe, expect, it } from 'vitest';
import type { WebhookStore } from '../../../../server/store/contracts/webhooks.js';
import { storePerTest, type StoreSubject } from '../subjects.js';
import { event, webhook } from './webhooks.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const A = 'acct_AAAAAAAAAAAA';
const B = 'acct_BBBBBBBBBBBB';

export function describeWebhookEditContract(subject: StoreSubject): void {
  describe(`WebhookStore edits and redeliveries: ${subject.name}`, () => {
    let hooks: WebhookStore;
    const { reopen } = storePerTest(subject, async (store) => {
      hooks = await store.webhooks();
    });

    it('updates the members given, keeps the others, and only the owner may', async () => {
      const w = webhook(A);
      await hooks.createWebhook(w, 10);
      expect(await hooks.updateWebhook(B, w.id, { url: 'https://elsewhere.example/' })).toBeNull();
      const changed = await hooks.updateWebhook(A, w.id, { events: ['ping', 'audit.completed'], format: 'slack' });
      expect(changed).toMatchObject({ url: w.url, events: ['ping', 'audit.completed'], format: 'slack', secret: w.secret });
      const rotated = await hooks.updateWebhook(A, w.id, { secret: `whsec_${'n'.repeat(32)}` });
      expect(rotated?.secret).toBe(`whsec_${'n'.repeat(32)}`);
      await reopen();
      expect(await hooks.getWebhook(A, w.id)).toMatchObject({
        events: ['ping', 'audit.completed'],
        format: 'slack',
        secret: `whsec_${'n'.repeat(32)}`,
      });
      expect(await hooks.updateWebhook(A, 'wh_0000000000000000', { format: 'json' })).toBeNull();
    });

    it('a new URL re-enables a webhook the 410 rule disabled', async () => {
      const w = { ...webhook(A), disabled_at: new Date(T0).toISOString(), disabled_reason: 'gone', gone_streak: 3 };
      await hooks.createWebhook(w, 10);
      expect(await hooks.updateWebhook(A, w.id, { format: 'slack' })).toMatchObject({ disabled_at: w.disabled_at, gone_streak: 3 });
      const moved = await hooks.updateWebhook(A, w.id, { url: 'https://new.example/hook' });
      expect(moved).toMatchObject({ url: 'https://new.example/hook', disabled_at: null, disabled_reason: null, gone_streak: 0 });
    });

    it('redelivers an event as a new pending delivery with the same event id, due now', async () => {
      const w = webhook(A);
      await hooks.createWebhook(w, 10);
      const e = event(A);
      const [first] = await hooks.recordEvent(e);
      expect(await hooks.redeliver(B, first!.id, T0 + 5_000)).toBeNull();
      expect(await hooks.redeliver(A, 'dlv_00000000000000000000', T0 + 5_000)).toBeNull();
      const again = await hooks.redeliver(A, first!.id, T0 + 5_000);
      expect(again).toMatchObject({
        webhook_id: w.id,
        event_id: e.id,
        type: e.type,
        status: 'pending',
        attempts: 0,
        next_attempt_ms: T0 + 5_000,
      });
      expect(again!.id).not.toBe(first!.id);
      expect(again!.created_at).toBe(new Date(T0 + 5_000).toISOString());
      const claimed = await hooks.claimDue({ nowMs: T0 + 5_000, limit: 10, leaseMs: 30_000, perWebhook: new Map(), perWebhookDefault: 10 });
      expect(claimed.map((c) => c.delivery.id).sort()).toEqual([first!.id, again!.id].sort());
      expect(claimed.find((c) => c.delivery.id === again!.id)?.event.id).toBe(e.id);
      await reopen();
      const page = await hooks.listDeliveries(A, w.id, { limit: 10 });
      expect(page.deliveries.map((d) => d.id)).toEqual([again!.id, first!.id]);
    });
  });
}
