/** What only the embedded monitor store does (DATA_DIR/monitors.json); what every store does is in ../contracts/monitors.ts. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LowdbMonitorStore } from '../../../../server/store/lowdb/monitors.js';
import { lowdbSubject, type StorePlace } from '../subjects.js';
import { monitor } from '../contracts/monitors.js';

describe('leases at a server start', () => {
  let place: StorePlace;
  beforeEach(async () => {
    place = await lowdbSubject().place();
  });
  afterEach(() => place.dispose());

  it('the embedded store frees every lease (its data directory has one server: the holder is dead)', async () => {
    const store = await place.open();
    const monitors = await store.monitors();
    const m = monitor('acct_A', { next_run_ms: 1_000 });
    await monitors.createMonitor(m, 10);
    await monitors.claimDue(1_000, 3_600_000, 10); // the run a killed server was doing
    await store.close();
    const restarted = await place.open();
    const again = await restarted.monitors();
    expect(await again.claimDue(2_000, 3_600_000, 10)).toEqual([]);
    expect(await again.releaseOrphanedLeases()).toBe(1);
    expect((await again.claimDue(2_000, 3_600_000, 10)).map((x) => x.id)).toEqual([m.id]);
    await restarted.close();
  });
});

describe('monitors.json written before pausing existed', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-monitors-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('a record without paused_at reads as not paused, runs when due, and can be paused', async () => {
    const { paused_at: _absent, ...old } = monitor('acct_A', { next_run_ms: 1_000 });
    await writeFile(path.join(dir, 'monitors.json'), JSON.stringify({ version: 1, monitors: [old] }));
    const monitors = await LowdbMonitorStore.open(dir);
    expect(await monitors.getMonitor('acct_A', old.id)).toEqual({ ...old, paused_at: null });
    expect(await monitors.nextDueMs()).toBe(1_000);
    expect((await monitors.claimDue(2_000, 60_000, 10)).map((m) => m.paused_at)).toEqual([null]);
    expect(await monitors.setPaused('acct_A', old.id, true, 3_000)).toMatchObject({ paused_at: new Date(3_000).toISOString() });
    await monitors.close();
  });
});
