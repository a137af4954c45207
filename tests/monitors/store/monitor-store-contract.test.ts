/** The MonitorStore contract against both implementations: the embedded lowdb store and PostgreSQL. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { servicesAvailable } from '../../helpers/services/index.js';
import { lowdbSubject, postgresSubject, type StorePlace } from '../../server/store/store-subjects.js';
import { describeMonitorStoreContract, monitor } from './monitor-store-contract.js';

describeMonitorStoreContract(lowdbSubject());
describe.runIf(servicesAvailable('postgres'))('with a real PostgreSQL server', () => {
  describeMonitorStoreContract(postgresSubject());
});

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
