/** What every MonitorStore does to edit a monitor's schedule and pages (updateMonitor), on lowdb and PostgreSQL (registry.ts). */
import { describe, expect, it } from 'vitest';
import { PERIOD_MS, type MonitorStore } from '../../../../server/store/contracts/monitors.js';
import { storePerTest, type StoreSubject } from '../subjects.js';
import { monitor } from './monitors.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const A = 'acct_AAAAAAAAAAAA';
const B = 'acct_BBBBBBBBBBBB';

export function describeMonitorEditContract(subject: StoreSubject): void {
  describe(`MonitorStore edits: ${subject.name}`, () => {
    let monitors: MonitorStore;
    const { reopen } = storePerTest(subject, async (store) => {
      monitors = await store.monitors();
    });

    it('changes the period and pages; a shorter period brings the next run within one new period', async () => {
      const m = monitor(A, { kind: 'crawl', max_pages: 50, every: 'week', next_run_ms: T0 + 5 * PERIOD_MS.day });
      await monitors.createMonitor(m, 10);
      expect(await monitors.updateMonitor(B, m.id, { every: 'day' }, T0)).toBeNull();
      const daily = await monitors.updateMonitor(A, m.id, { every: 'day', max_pages: 200 }, T0);
      expect(daily).toMatchObject({ every: 'day', max_pages: 200, next_run_ms: T0 + PERIOD_MS.day, url: m.url, kind: 'crawl' });
      // A longer period keeps the run already due sooner.
      expect(await monitors.updateMonitor(A, m.id, { every: 'week' }, T0)).toMatchObject({
        every: 'week',
        next_run_ms: T0 + PERIOD_MS.day,
      });
      await reopen();
      expect(await monitors.getMonitor(A, m.id)).toMatchObject({ every: 'week', max_pages: 200, next_run_ms: T0 + PERIOD_MS.day });
      expect(await monitors.updateMonitor(A, 'mon_0000000000000000', { every: 'day' }, T0)).toBeNull();
    });

    it('runs on the new period after an edit', async () => {
      const m = monitor(A, { every: 'week', next_run_ms: T0 + PERIOD_MS.week });
      await monitors.createMonitor(m, 10);
      await monitors.updateMonitor(A, m.id, { every: 'hour' }, T0);
      expect(await monitors.claimDue(T0 + PERIOD_MS.hour - 1, 60_000, 10)).toEqual([]);
      const [claimed] = await monitors.claimDue(T0 + PERIOD_MS.hour, 60_000, 10);
      expect(claimed?.id).toBe(m.id);
      expect(claimed?.next_run_ms).toBe(T0 + 2 * PERIOD_MS.hour);
    });
  });
}
