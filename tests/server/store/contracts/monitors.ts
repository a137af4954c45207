/**
 * What every MonitorStore does (server/store/contracts/monitors.ts), run against lowdb and PostgreSQL by
 * monitors.test.ts (registry.ts): monitors per account, claims that take each due time once (also when
 * two claim at once), one catch-up run after downtime, "run now", leases that keep a run or give it up.
 */
import { describe, expect, it } from 'vitest';
import { PERIOD_MS, type MonitorStore, type StoredMonitor } from '../../../../server/store/contracts/monitors.js';
import { storePerTest, type StoreSubject } from '../subjects.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const HOUR = PERIOD_MS.hour;
const A = 'acct_AAAAAAAAAAAA';
const B = 'acct_BBBBBBBBBBBB';

let seq = 0;
export function monitor(account: string, change: Partial<StoredMonitor> = {}): StoredMonitor {
  return {
    id: `mon_${String(++seq).padStart(16, '0')}`,
    account_id: account,
    url: 'https://shop.example/',
    kind: 'audit',
    every: 'hour',
    max_pages: null,
    created_at: new Date(T0).toISOString(),
    next_run_ms: T0,
    run_requested_ms: null,
    lease_until_ms: null,
    last_run_at: null,
    last_result_id: null,
    last_error: null,
    paused_at: null,
    render: 'none',
    ...change,
  };
}

export function describeMonitorStoreContract(subject: StoreSubject): void {
  describe(`MonitorStore contract: ${subject.name}`, () => {
    let monitors: MonitorStore;
    const { place: currentPlace, reopen } = storePerTest(subject, async (store) => {
      monitors = await store.monitors();
    });

    it('keeps monitors per account, oldest first, up to the limit; delete removes one', async () => {
      const one = monitor(A, { kind: 'crawl', max_pages: 50, every: 'week' });
      const two = monitor(A);
      expect(await monitors.createMonitor(one, 2)).toBe('created');
      expect(await monitors.createMonitor(two, 2)).toBe('created');
      expect(await monitors.createMonitor(monitor(A), 2)).toBe('limit');
      expect(await monitors.createMonitor(monitor(B), 2)).toBe('created');
      await reopen();
      expect(await monitors.listMonitors(A)).toEqual([one, two]);
      expect(await monitors.getMonitor(B, one.id)).toBeNull();
      expect(await monitors.deleteMonitor(B, one.id)).toBe(false);
      expect(await monitors.deleteMonitor(A, one.id)).toBe(true);
      expect(await monitors.deleteMonitor(A, one.id)).toBe(false);
      expect((await monitors.listMonitors(A)).map((m) => m.id)).toEqual([two.id]);
    });

    it('claims a due monitor once per due time and moves it to the next', async () => {
      const m = monitor(A);
      await monitors.createMonitor(m, 10);
      await monitors.createMonitor(monitor(A, { next_run_ms: T0 + HOUR + 1 }), 10); // not due
      const claimed = await monitors.claimDue(T0 + 5, 60_000, 10);
      expect(claimed.map((c) => c.id)).toEqual([m.id]);
      expect(claimed[0]).toMatchObject({ next_run_ms: T0 + HOUR, lease_until_ms: T0 + 5 + 60_000 });
      expect(await monitors.claimDue(T0 + 6, 60_000, 10)).toEqual([]);
      await monitors.finishRun(m.id, { finished_at: new Date(T0 + 1_000).toISOString(), result_id: 'res-1', error: null });
      expect(await monitors.claimDue(T0 + 2_000, 60_000, 10)).toEqual([]); // done for this due time
      expect(await monitors.getMonitor(A, m.id)).toMatchObject({
        lease_until_ms: null,
        last_run_at: new Date(T0 + 1_000).toISOString(),
        last_result_id: 'res-1',
        last_error: null,
      });
      expect((await monitors.claimDue(T0 + HOUR, 60_000, 10)).map((c) => c.id)).toEqual([m.id]);
    });

    it('after downtime, one catch-up run, then the cadence from the creation time', async () => {
      const m = monitor(A, { every: 'day' });
      await monitors.createMonitor(m, 10);
      const late = T0 + 5 * PERIOD_MS.day + 3 * HOUR; // five due times missed
      const claimed = await monitors.claimDue(late, 60_000, 10);
      expect(claimed).toHaveLength(1);
      expect(claimed[0]!.next_run_ms).toBe(T0 + 6 * PERIOD_MS.day);
      await monitors.finishRun(m.id, { finished_at: new Date(late).toISOString(), result_id: null, error: 'x' });
      expect(await monitors.claimDue(late + 1, 60_000, 10)).toEqual([]);
    });

    it('two claims at once never take the same due time', async () => {
      for (let i = 0; i < 20; i++) await monitors.createMonitor(monitor(A), 100);
      const second = await currentPlace().open();
      try {
        const other = await second.monitors();
        const [x, y] = await Promise.all([monitors.claimDue(T0, 60_000, 100), other.claimDue(T0, 60_000, 100)]);
        const ids = [...x, ...y].map((m) => m.id);
        expect(ids).toHaveLength(20);
        expect(new Set(ids).size).toBe(20);
      } finally {
        await second.close();
      }
    });

    it('claims at most `limit`, the earliest due first', async () => {
      const late = monitor(A, { next_run_ms: T0 - 10 });
      const early = monitor(A, { next_run_ms: T0 - 1_000 });
      await monitors.createMonitor(late, 10);
      await monitors.createMonitor(early, 10);
      expect((await monitors.claimDue(T0, 60_000, 1)).map((m) => m.id)).toEqual([early.id]);
      expect((await monitors.claimDue(T0, 60_000, 1)).map((m) => m.id)).toEqual([late.id]);
    });

    it('run now: a monitor not due runs once, its schedule unchanged; asked twice, still once', async () => {
      const m = monitor(A, { next_run_ms: T0 + HOUR });
      await monitors.createMonitor(m, 10);
      expect(await monitors.requestRun(B, m.id, T0)).toBeNull();
      expect(await monitors.requestRun(A, m.id, T0)).toMatchObject({ run_requested_ms: T0 });
      expect(await monitors.requestRun(A, m.id, T0 + 1)).toMatchObject({ run_requested_ms: T0 });
      const claimed = await monitors.claimDue(T0 + 2, 60_000, 10);
      expect(claimed).toHaveLength(1);
      expect(claimed[0]).toMatchObject({ next_run_ms: T0 + HOUR, run_requested_ms: null });
      // Asked again while it runs: taken after this run ends.
      await monitors.requestRun(A, m.id, T0 + 3);
      expect(await monitors.claimDue(T0 + 4, 60_000, 10)).toEqual([]);
      await monitors.finishRun(m.id, { finished_at: new Date(T0 + 5).toISOString(), result_id: 'r', error: null });
      expect(await monitors.claimDue(T0 + 6, 60_000, 10)).toHaveLength(1);
    });

    it('a lease kept alive holds the run; one that ran out (its process died) is claimed again', async () => {
      const m = monitor(A);
      await monitors.createMonitor(m, 10);
      await monitors.claimDue(T0, 1_000, 10);
      expect(await monitors.extendLease(m.id, T0 + 5_000)).toBe(true);
      expect(await monitors.claimDue(T0 + 2_000, 1_000, 10)).toEqual([]);
      const retaken = await monitors.claimDue(T0 + 5_001, 1_000, 10);
      expect(retaken.map((r) => r.id)).toEqual([m.id]);
      expect(retaken[0]!.next_run_ms).toBe(T0 + HOUR); // the interrupted run, not a new due time
      expect(await monitors.extendLease('mon_0000000000000000', T0)).toBe(false);
    });

    it('a paused monitor is never claimed, drops a pending "run now" and refuses another; pausing again keeps paused_at', async () => {
      const m = monitor(A, { next_run_ms: T0 + HOUR });
      const other = monitor(A, { next_run_ms: T0 + 2 * HOUR });
      await monitors.createMonitor(m, 10);
      await monitors.createMonitor(other, 10);
      await monitors.requestRun(A, m.id, T0);
      expect(await monitors.setPaused(B, m.id, true, T0 + 1)).toBeNull();
      const paused = await monitors.setPaused(A, m.id, true, T0 + 1);
      expect(paused).toMatchObject({ id: m.id, paused_at: new Date(T0 + 1).toISOString(), run_requested_ms: null });
      expect(await monitors.setPaused(A, m.id, true, T0 + 50)).toMatchObject({ paused_at: new Date(T0 + 1).toISOString() });
      // "Run now" on it: returned with paused_at set, nothing asked.
      expect(await monitors.requestRun(A, m.id, T0 + 2)).toMatchObject({
        paused_at: new Date(T0 + 1).toISOString(),
        run_requested_ms: null,
      });
      await reopen();
      expect(await monitors.getMonitor(A, m.id)).toMatchObject({ paused_at: new Date(T0 + 1).toISOString(), run_requested_ms: null });
      expect(await monitors.nextDueMs()).toBe(T0 + 2 * HOUR); // only the monitor that is not paused
      // Due many times over while paused: still never claimed; the other one is.
      expect((await monitors.claimDue(T0 + 3 * HOUR, 10 * HOUR, 10)).map((c) => c.id)).toEqual([other.id]); // leased past the next claim
      expect(await monitors.claimDue(T0 + 5 * HOUR, 60_000, 10)).toEqual([]);
      expect(await monitors.getMonitor(A, m.id)).toMatchObject({ next_run_ms: T0 + HOUR, lease_until_ms: null });
    });

    it('resuming a monitor that came due while paused: next_run_ms now, one catch-up run, then the cadence from the resume', async () => {
      const m = monitor(A, { next_run_ms: T0 + HOUR });
      await monitors.createMonitor(m, 10);
      await monitors.setPaused(A, m.id, true, T0);
      const resumeAt = T0 + 4 * HOUR + 17; // four due times missed
      expect(await monitors.setPaused(B, m.id, false, resumeAt)).toBeNull();
      expect(await monitors.setPaused(A, m.id, false, resumeAt)).toMatchObject({ paused_at: null, next_run_ms: resumeAt });
      expect(await monitors.nextDueMs()).toBe(resumeAt);
      const claimed = await monitors.claimDue(resumeAt + 1, 60_000, 10);
      expect(claimed.map((c) => c.id)).toEqual([m.id]);
      expect(claimed[0]!.next_run_ms).toBe(resumeAt + HOUR);
      await monitors.finishRun(m.id, { finished_at: new Date(resumeAt + 2).toISOString(), result_id: 'r', error: null });
      expect(await monitors.claimDue(resumeAt + 3, 60_000, 10)).toEqual([]); // one run, not four
    });

    it('resuming before the next due time keeps it; resuming a monitor that is not paused changes nothing', async () => {
      const m = monitor(A, { next_run_ms: T0 + HOUR });
      await monitors.createMonitor(m, 10);
      await monitors.setPaused(A, m.id, true, T0);
      expect(await monitors.setPaused(A, m.id, false, T0 + 10)).toMatchObject({ paused_at: null, next_run_ms: T0 + HOUR });
      expect(await monitors.claimDue(T0 + 20, 60_000, 10)).toEqual([]);
      const late = monitor(A, { next_run_ms: T0 - 5 }); // due, never paused
      await monitors.createMonitor(late, 10);
      expect(await monitors.setPaused(A, late.id, false, T0)).toEqual(late);
      expect(await monitors.requestRun(A, m.id, T0 + 30)).toMatchObject({ run_requested_ms: T0 + 30, paused_at: null });
    });

    it('with a policy, claims take each account in turn, up to what it may run at once', async () => {
      const policy = { perAccountRunning: 1, perAccountPerMinute: 100 };
      const many = [];
      for (let i = 0; i < 5; i++) many.push(monitor(A, { next_run_ms: T0 - 1_000 + i }));
      for (const m of many) await monitors.createMonitor(m, 100);
      const late = monitor(B, { next_run_ms: T0 - 1 }); // due after all of A's
      await monitors.createMonitor(late, 100);
      expect((await monitors.claimDue(T0, 60_000, 2, policy)).map((m) => m.id)).toEqual([many[0]!.id, late.id]);
      expect(await monitors.claimDue(T0 + 1, 60_000, 2, policy)).toEqual([]); // A's run and B's run hold their share
      await monitors.finishRun(many[0]!.id, { finished_at: new Date(T0).toISOString(), result_id: null, error: null });
      expect((await monitors.claimDue(T0 + 2, 60_000, 2, policy)).map((m) => m.id)).toEqual([many[1]!.id]);
      // Runs whose lease ran out hold no share (their process died): B's is claimed again, and A's oldest due.
      expect((await monitors.claimDue(T0 + 60_003, 60_000, 5, policy)).map((m) => m.id)).toEqual([many[2]!.id, late.id]);
    });

    it('with a policy, an account starts at most its budget of runs a minute, also when its monitors are deleted', async () => {
      const policy = { perAccountRunning: 100, perAccountPerMinute: 3 };
      const minute = Math.floor(T0 / 60_000) * 60_000;
      const claimAll = async (at: number) => {
        const claimed = await monitors.claimDue(at, 60_000, 100, policy);
        for (const m of claimed) await monitors.deleteMonitor(m.account_id, m.id); // create, run, delete: no budget back
        return claimed.length;
      };
      for (let i = 0; i < 5; i++) await monitors.createMonitor(monitor(A, { next_run_ms: minute }), 100);
      await monitors.createMonitor(monitor(B, { next_run_ms: minute }), 100);
      expect(await claimAll(minute + 1)).toBe(4); // three of A's, B's one
      for (let i = 0; i < 5; i++) await monitors.createMonitor(monitor(A, { next_run_ms: minute }), 100);
      await reopen();
      expect(await claimAll(minute + 2)).toBe(0); // A's budget for this minute is spent, whatever it deleted
      const second = await currentPlace().open();
      try {
        expect(await (await second.monitors()).claimDue(minute + 3, 60_000, 100, policy)).toEqual([]); // another process sees it too
      } finally {
        await second.close();
      }
      expect(await claimAll(minute + 60_000)).toBe(3); // the next minute: three more
      expect((await monitors.listMonitors(A)).length).toBe(4);
    });

    it('tells when the next run is due, and forgets a deleted monitor', async () => {
      expect(await monitors.nextDueMs()).toBeNull();
      const m = monitor(A, { next_run_ms: T0 + HOUR });
      await monitors.createMonitor(m, 10);
      expect(await monitors.nextDueMs()).toBe(T0 + HOUR);
      await monitors.requestRun(A, m.id, T0 + 7);
      expect(await monitors.nextDueMs()).toBe(T0 + 7);
      await monitors.claimDue(T0 + 10, 60_000, 10);
      await monitors.deleteMonitor(A, m.id);
      await monitors.finishRun(m.id, { finished_at: new Date(T0).toISOString(), result_id: null, error: null }); // finished after the delete: nothing comes back
      expect(await monitors.listMonitors(A)).toEqual([]);
      expect(await monitors.nextDueMs()).toBeNull();
    });
  });
}
