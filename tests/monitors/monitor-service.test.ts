/**
 * The monitor scheduler's core with an injected clock and the real embedded store: each due time runs
 * once, after downtime one catch-up run (not one per missed period), "run now" leaves the schedule
 * alone, a run the server stopped keeps its lease and runs again after the restart, and no more than
 * `maxRunning` run at once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../server/logging/logger.js';
import { MonitorService } from '../../server/monitors/monitor-service.js';
import { LowdbStore } from '../../server/store/lowdb/store.js';
import { PERIOD_MS, type MonitorRunOutcome, type StoredMonitor } from '../../server/store/contracts/monitors.js';
import { monitor } from '../server/store/contracts/monitors.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const HOUR = PERIOD_MS.hour;

describe('MonitorService', () => {
  let dir: string;
  let store: LowdbStore;
  let clock: number;
  let runs: Array<{ id: string; at: number }>;
  let service: MonitorService;
  let runner: (m: StoredMonitor, signal: AbortSignal) => Promise<MonitorRunOutcome | null>;

  const finished = (id: string): MonitorRunOutcome => ({
    finished_at: new Date(clock).toISOString(),
    result_id: `result-of-${id}-${runs.length}`,
    error: null,
  });
  const boot = async () => {
    store = await LowdbStore.open(dir);
    service = new MonitorService({
      store: () => store.monitors(),
      run: (m, s) => runner(m, s),
      logger: createMemoryLogger(),
      now: () => clock,
      maxRunning: 2,
    });
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-monitor-service-'));
    clock = T0;
    runs = [];
    runner = async (m) => {
      runs.push({ id: m.id, at: clock });
      return finished(m.id);
    };
    await boot();
  });
  afterEach(async () => {
    await service.stop(0);
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const pass = async () => {
    await service.pass();
    await service.whenIdle();
  };

  it('runs each due time once, and records the result', async () => {
    const m = monitor('acct_A', { next_run_ms: T0 });
    await (await store.monitors()).createMonitor(m, 10);
    await pass();
    await pass();
    expect(runs).toEqual([{ id: m.id, at: T0 }]);
    expect(await (await store.monitors()).getMonitor('acct_A', m.id)).toMatchObject({
      last_result_id: `result-of-${m.id}-1`,
      last_run_at: new Date(T0).toISOString(),
      next_run_ms: T0 + HOUR,
      lease_until_ms: null,
    });
    clock = T0 + HOUR - 1;
    await pass();
    expect(runs).toHaveLength(1);
    clock = T0 + HOUR;
    await pass();
    expect(runs).toHaveLength(2);
  });

  it('after five hours down, one catch-up run, then the next on the cadence', async () => {
    const m = monitor('acct_A', { next_run_ms: T0 });
    await (await store.monitors()).createMonitor(m, 10);
    clock = T0 + 5 * HOUR + 20 * 60_000;
    await pass();
    await pass();
    expect(runs).toHaveLength(1);
    expect((await (await store.monitors()).getMonitor('acct_A', m.id))!.next_run_ms).toBe(T0 + 6 * HOUR);
  });

  it('run now runs at once and leaves the schedule alone', async () => {
    const m = monitor('acct_A', { next_run_ms: T0 + HOUR });
    await (await store.monitors()).createMonitor(m, 10);
    expect(await service.runNow('acct_B', m.id)).toBeNull();
    expect(await service.runNow('acct_A', m.id)).not.toBeNull();
    await service.whenIdle();
    expect(runs).toEqual([{ id: m.id, at: T0 }]);
    expect((await (await store.monitors()).getMonitor('acct_A', m.id))!.next_run_ms).toBe(T0 + HOUR);
  });

  it('a paused monitor that comes due is not run; resumed, it runs once at once, then every period from the resume', async () => {
    const m = monitor('acct_A', { next_run_ms: T0 + HOUR });
    await (await store.monitors()).createMonitor(m, 10);
    expect(await service.setPaused('acct_B', m.id, true)).toBeNull();
    expect(await service.setPaused('acct_A', m.id, true)).toMatchObject({ paused_at: new Date(T0).toISOString() });
    for (const at of [T0 + HOUR, T0 + 2 * HOUR, T0 + 3 * HOUR + 5]) {
      clock = at;
      await pass();
    }
    expect(runs).toEqual([]);
    expect(await service.runNow('acct_A', m.id)).toMatchObject({ paused_at: new Date(T0).toISOString() });
    await service.whenIdle();
    expect(runs).toEqual([]);

    clock = T0 + 3 * HOUR + 10;
    expect(await service.setPaused('acct_A', m.id, false)).toMatchObject({ paused_at: null });
    await service.whenIdle();
    await pass();
    expect(runs).toEqual([{ id: m.id, at: T0 + 3 * HOUR + 10 }]); // one catch-up run, not three
    expect((await (await store.monitors()).getMonitor('acct_A', m.id))!.next_run_ms).toBe(T0 + 4 * HOUR + 10);
    clock = T0 + 4 * HOUR + 10;
    await pass();
    expect(runs).toHaveLength(2);
  });

  it('runs at most maxRunning at once; the rest run as slots free', async () => {
    const monitors = await store.monitors();
    for (let i = 0; i < 5; i++) await monitors.createMonitor(monitor('acct_A', { next_run_ms: T0 }), 10);
    let running = 0;
    let most = 0;
    runner = async (m) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      runs.push({ id: m.id, at: clock });
      return finished(m.id);
    };
    await pass();
    expect(runs).toHaveLength(5);
    expect(most).toBe(2);
  });

  it('a run the server stopped keeps its lease and runs again after the restart, once', async () => {
    const m = monitor('acct_A', { next_run_ms: T0 });
    await (await store.monitors()).createMonitor(m, 10);
    let release: () => void = () => undefined;
    runner = (mon, signal) =>
      new Promise((resolve) => {
        runs.push({ id: mon.id, at: clock });
        release = () => resolve(finished(mon.id));
        signal.addEventListener('abort', () => resolve(null)); // the audit was cancelled by the shutdown
      });
    await service.pass();
    expect(runs).toHaveLength(1);
    let cancelled = false;
    await service.stop(10, () => (cancelled = true));
    expect(cancelled).toBe(true);
    release();
    await store.close();

    clock = T0 + 60_000; // restarted a minute later: the lease (2 min) has not run out, but its process is gone
    await boot();
    runner = async (mon) => {
      runs.push({ id: mon.id, at: clock });
      return finished(mon.id);
    };
    await service.recover();
    await pass();
    await pass();
    expect(runs.map((r) => r.at)).toEqual([T0, T0 + 60_000]);
    expect(await (await store.monitors()).getMonitor('acct_A', m.id)).toMatchObject({ lease_until_ms: null, next_run_ms: T0 + HOUR });
  });
});
