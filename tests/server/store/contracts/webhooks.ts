/**
 * What every WebhookStore does (server/store/contracts/webhooks.ts), run against lowdb and PostgreSQL by
 * webhooks.test.ts (registry.ts): webhooks per account, the outbox (an event and its deliveries stored
 * together, deduplicated by key), claims with leases and per-webhook bounds, attempts, the 410 rule,
 * the delivery log, and what survives a reopen.
 */
import { describe, expect, it } from 'vitest';
import type { AttemptResult, ClaimOptions, StoredEvent, StoredWebhook, WebhookStore } from '../../../../server/store/contracts/webhooks.js';
import { storePerTest, type StoreSubject } from '../subjects.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const A = 'acct_AAAAAAAAAAAA';
const B = 'acct_BBBBBBBBBBBB';
const DISABLE = { afterGone: 3, reason: 'disabled: 410 three times', at: new Date(T0).toISOString() };

let seq = 0;
export function webhook(
  account: string,
  events: StoredWebhook['events'] = ['*'],
  id = `wh_${String(++seq).padStart(16, '0')}`,
): StoredWebhook {
  return {
    id,
    account_id: account,
    url: `https://hooks.example.com/${id}`,
    events,
    format: 'json',
    secret: `whsec_${'k'.repeat(32)}`,
    created_at: new Date(T0).toISOString(),
    disabled_at: null,
    disabled_reason: null,
    gone_streak: 0,
  };
}

export function event(
  account: string,
  type: StoredEvent['type'] = 'audit.completed',
  atMs = T0,
  dedupe: string | null = null,
): StoredEvent {
  return {
    id: `evt_${String(++seq).padStart(24, '0')}`,
    account_id: account,
    type,
    created_at: new Date(atMs).toISOString(),
    data: { n: seq },
    dedupe_key: dedupe,
  };
}

const claim = (store: WebhookStore, nowMs: number, extra: Partial<ClaimOptions> = {}) =>
  store.claimDue({ nowMs, limit: 100, leaseMs: 30_000, perWebhook: new Map(), perWebhookDefault: 100, ...extra });

function result(kind: 'ok' | 'fail' | 'gone', atMs: number, next: number | null = null): AttemptResult {
  const attempt = {
    at: new Date(atMs).toISOString(),
    status_code: kind === 'ok' ? 200 : kind === 'gone' ? 410 : 500,
    error: kind === 'ok' ? null : `answered ${kind}`,
    duration_ms: 12,
  };
  if (kind === 'ok') return { attempt, status: 'delivered', next_attempt_ms: null, last_error: null, answer: 'ok' };
  if (kind === 'gone') return { attempt, status: 'failed', next_attempt_ms: null, last_error: 'gone', answer: 'gone' };
  return { attempt, status: next === null ? 'failed' : 'pending', next_attempt_ms: next, last_error: 'answered 500', answer: 'other' };
}

export function describeWebhookStoreContract(subject: StoreSubject): void {
  describe(`WebhookStore contract: ${subject.name}`, () => {
    let hooks: WebhookStore;
    const { reopen } = storePerTest(subject, async (store) => {
      hooks = await store.webhooks();
    });

    it('keeps webhooks per account, oldest first, up to the limit; delete removes one', async () => {
      const one = webhook(A);
      const two = webhook(A, ['ping']);
      expect(await hooks.createWebhook(one, 2)).toBe('created');
      expect(await hooks.createWebhook(two, 2)).toBe('created');
      expect(await hooks.createWebhook(webhook(A), 2)).toBe('limit');
      expect(await hooks.createWebhook(webhook(B), 2)).toBe('created');
      expect((await hooks.listWebhooks(A)).map((w) => w.id)).toEqual([one.id, two.id]);
      expect(await hooks.getWebhook(A, one.id)).toEqual(one);
      expect(await hooks.getWebhook(B, one.id)).toBeNull();
      expect(await hooks.deleteWebhook(B, one.id)).toBe(false);
      expect(await hooks.deleteWebhook(A, one.id)).toBe(true);
      expect(await hooks.deleteWebhook(A, one.id)).toBe(false);
      await reopen();
      expect((await hooks.listWebhooks(A)).map((w) => w.id)).toEqual([two.id]);
    });

    it('stores an event with one pending delivery per active webhook that wants it, nothing when none does', async () => {
      const all = webhook(A, ['*']);
      const audits = webhook(A, ['audit.completed']);
      const citations = webhook(A, ['citation.lost']);
      const other = webhook(B, ['*']);
      for (const w of [all, audits, citations, other]) await hooks.createWebhook(w, 20);
      expect(await hooks.wants(A, ['audit.completed'])).toBe(true);
      expect(await hooks.wants(B, ['citation.gained'])).toBe(true);
      expect(await hooks.wants('acct_nobody', ['ping'])).toBe(false);
      const e = event(A, 'audit.completed');
      const made = await hooks.recordEvent(e);
      expect(made.map((d) => d.webhook_id).sort()).toEqual([all.id, audits.id].sort());
      for (const d of made) {
        expect(d).toMatchObject({
          event_id: e.id,
          account_id: A,
          type: 'audit.completed',
          status: 'pending',
          attempts: 0,
          next_attempt_ms: T0,
          last_error: null,
          log: [],
        });
        expect(d.id).toMatch(/^dlv_[A-Za-z0-9]{20}$/);
      }
      expect(await hooks.recordEvent(event('acct_nobody'))).toEqual([]);
      const ping = await hooks.recordEvent(event(A, 'ping'), { onlyWebhook: citations.id });
      expect(ping.map((d) => d.webhook_id)).toEqual([citations.id]);
    });

    it('stores an event once per account and dedupe key', async () => {
      await hooks.createWebhook(webhook(A), 20);
      await hooks.createWebhook(webhook(B), 20);
      expect(await hooks.recordEvent(event(A, 'audit.completed', T0, 'audit:1'))).toHaveLength(1);
      expect(await hooks.recordEvent(event(A, 'audit.completed', T0, 'audit:1'))).toEqual([]);
      expect(await hooks.recordEvent(event(B, 'audit.completed', T0, 'audit:1'))).toHaveLength(1);
      await reopen();
      expect(await hooks.recordEvent(event(A, 'audit.completed', T0, 'audit:1'))).toEqual([]);
    });

    it('claims due deliveries once, with what sending needs, until the lease runs out', async () => {
      const w = webhook(A);
      await hooks.createWebhook(w, 20);
      const e = event(A);
      await hooks.recordEvent(e);
      await hooks.recordEvent(event(A, 'ping', T0 + 60_000)); // not due yet
      const first = await claim(hooks, T0 + 1);
      expect(first).toHaveLength(1);
      expect(first[0]!.event).toEqual(e);
      expect(first[0]!.webhook).toEqual(w);
      expect(await claim(hooks, T0 + 2)).toEqual([]); // leased
      expect((await claim(hooks, T0 + 30_002)).map((c) => c.delivery.id)).toEqual([first[0]!.delivery.id]); // its lease ran out: taken over
      expect((await claim(hooks, T0 + 60_000)).map((c) => c.event.type)).toEqual(['ping']); // the other one came due
    });

    it('claims within the per-webhook bounds and the limit, oldest due first', async () => {
      const slow = webhook(A);
      const fast = webhook(A);
      await hooks.createWebhook(slow, 20);
      await hooks.createWebhook(fast, 20);
      for (let i = 0; i < 6; i++) await hooks.recordEvent(event(A, 'audit.completed', T0 + i), { onlyWebhook: slow.id });
      for (let i = 0; i < 3; i++) await hooks.recordEvent(event(A, 'audit.completed', T0 + 10 + i), { onlyWebhook: fast.id });
      const claimed = await claim(hooks, T0 + 100, { perWebhook: new Map([[slow.id, 1]]), perWebhookDefault: 2, limit: 10 });
      const byWebhook = (id: string) => claimed.filter((c) => c.webhook.id === id).length;
      expect(byWebhook(slow.id)).toBe(1);
      expect(byWebhook(fast.id)).toBe(2);
      expect(claimed.find((c) => c.webhook.id === slow.id)!.event.created_at).toBe(new Date(T0).toISOString());
      expect(await claim(hooks, T0 + 100, { limit: 2 })).toHaveLength(2);
    });

    it('records attempts: a retry is due at its time, a delivered one never again, and the log keeps every attempt', async () => {
      await hooks.createWebhook(webhook(A), 20);
      const [d] = await hooks.recordEvent(event(A));
      await claim(hooks, T0);
      expect(await hooks.recordAttempt(d!.id, result('fail', T0, T0 + 5_000), DISABLE)).toBe(false);
      expect(await claim(hooks, T0 + 4_999)).toEqual([]);
      expect(await hooks.nextDueMs()).toBe(T0 + 5_000);
      const again = await claim(hooks, T0 + 5_000);
      expect(again[0]!.delivery).toMatchObject({ attempts: 1, last_status_code: 500, last_error: 'answered 500' });
      await hooks.recordAttempt(d!.id, result('ok', T0 + 5_000), DISABLE);
      expect(await claim(hooks, T0 + 999_999)).toEqual([]);
      expect(await hooks.nextDueMs()).toBeNull();
      await reopen();
      const logged = await hooks.getDelivery(A, d!.id);
      expect(logged).toMatchObject({
        status: 'delivered',
        attempts: 2,
        last_status_code: 200,
        next_attempt_ms: null,
        last_error: null,
        last_attempt_at: new Date(T0 + 5_000).toISOString(),
      });
      expect(logged!.log.map((a) => a.status_code)).toEqual([500, 200]);
      expect(await hooks.getDelivery(B, d!.id)).toBeNull();
    });

    it('never hands out a delivery while its attempt is being recorded', async () => {
      await hooks.createWebhook(webhook(A), 20);
      const [d] = await hooks.recordEvent(event(A));
      await claim(hooks, T0);
      const recording = hooks.recordAttempt(d!.id, result('ok', T0), DISABLE);
      const meanwhile = await claim(hooks, T0 + 1);
      await recording;
      expect(meanwhile).toEqual([]);
      expect(await claim(hooks, T0 + 60_000)).toEqual([]);
    });

    it('three 410s in a row disable the webhook and fail its pending deliveries; a 2xx resets the count', async () => {
      const w = webhook(A);
      await hooks.createWebhook(w, 20);
      const ds = [];
      for (let i = 0; i < 6; i++) ds.push((await hooks.recordEvent(event(A, 'audit.completed', T0 + i)))[0]!);
      await claim(hooks, T0 + 10, { limit: 4 });
      expect(await hooks.recordAttempt(ds[0]!.id, result('gone', T0), DISABLE)).toBe(false);
      expect(await hooks.recordAttempt(ds[1]!.id, result('ok', T0), DISABLE)).toBe(false); // resets
      expect(await hooks.recordAttempt(ds[2]!.id, result('gone', T0), DISABLE)).toBe(false);
      expect(await hooks.recordAttempt(ds[3]!.id, result('gone', T0), DISABLE)).toBe(false);
      expect((await hooks.getWebhook(A, w.id))!.disabled_at).toBeNull();
      await claim(hooks, T0 + 20, { limit: 1 });
      expect(await hooks.recordAttempt(ds[4]!.id, result('gone', T0), DISABLE)).toBe(true);
      const disabled = await hooks.getWebhook(A, w.id);
      expect(disabled).toMatchObject({ disabled_at: DISABLE.at, disabled_reason: DISABLE.reason });
      expect(await hooks.getDelivery(A, ds[5]!.id)).toMatchObject({
        status: 'failed',
        attempts: 0,
        last_error: DISABLE.reason,
        next_attempt_ms: null,
      });
      expect(await hooks.recordEvent(event(A))).toEqual([]);
      expect(await hooks.wants(A, ['audit.completed'])).toBe(false);
    });

    it("lists a webhook's deliveries newest first, in pages", async () => {
      const w = webhook(A);
      await hooks.createWebhook(w, 20);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await hooks.recordEvent(event(A, 'audit.completed', T0 + i * 1_000)))[0]!.id);
      const first = await hooks.listDeliveries(A, w.id, { limit: 2 });
      expect(first.deliveries.map((d) => d.id)).toEqual([ids[4], ids[3]]);
      const second = await hooks.listDeliveries(A, w.id, { limit: 2, after: first.next! });
      expect(second.deliveries.map((d) => d.id)).toEqual([ids[2], ids[1]]);
      const third = await hooks.listDeliveries(A, w.id, { limit: 2, after: second.next! });
      expect(third.deliveries.map((d) => d.id)).toEqual([ids[0]]);
      expect(third.next).toBeNull();
      expect((await hooks.listDeliveries(B, w.id, { limit: 2 })).deliveries).toEqual([]);
    });

    it('deleting a webhook drops its deliveries', async () => {
      const w = webhook(A);
      await hooks.createWebhook(w, 20);
      const [d] = await hooks.recordEvent(event(A));
      await hooks.deleteWebhook(A, w.id);
      expect(await claim(hooks, T0 + 1)).toEqual([]);
      expect(await hooks.getDelivery(A, d!.id)).toBeNull();
      await reopen();
      expect(await claim(hooks, T0 + 1)).toEqual([]);
    });

    it('pending deliveries survive a reopen; one whose process died is claimable once its lease ran out', async () => {
      await hooks.createWebhook(webhook(A), 20);
      const [d] = await hooks.recordEvent(event(A));
      await claim(hooks, T0); // a process claimed it, then died
      await reopen();
      expect((await claim(hooks, T0 + 30_001)).map((c) => c.delivery.id)).toEqual([d!.id]);
    });
  });
}
