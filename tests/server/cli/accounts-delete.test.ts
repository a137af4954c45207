/**
 * `citable accounts delete ID --yes` on the embedded store (docs/operations.md#deleting-an-account): one of
 * everything for two accounts, one deleted; then no byte of the data directory holds the deleted account's
 * ids, URLs or key hash (file names included), and the other account's records are all there. Without
 * --yes it says what would go and changes nothing; while a server runs on the directory it refuses.
 * PostgreSQL and queued jobs: tests/scale/accounts-delete.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../server/cli/main.js';
import { LowdbStore } from '../../../server/store/lowdb/store.js';
import { memoryIo } from '../../cli/cli-io.js';
import { startServerProcess } from '../../helpers/server-process.js';
import { seedAccount, SEEDED_RECORDS, sharedCheck, type SeededAccount } from '../store/contracts/account-records.js';
import { findInTree } from './grep-tree.js';

describe('citable accounts delete on the embedded store', () => {
  let dataDir: string;
  let a: SeededAccount;
  let b: SeededAccount;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-delete-'));
    const store = await LowdbStore.open(dataDir);
    a = await seedAccount(store, 'alpha');
    b = await seedAccount(store, 'bravo');
    await sharedCheck(store, [a, b]);
    await store.close();
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  const run = async (...args: string[]) => {
    const io = memoryIo({ DATA_DIR: dataDir });
    const code = await main(['accounts', 'delete', ...args], io);
    return { code, out: io.out(), err: io.err() };
  };

  it('without --yes says what would go and deletes nothing', async () => {
    const res = await run(a.accountId);
    expect(res.code).toBe(2);
    expect(res.err).toContain(`delete ${a.accountId} would remove, for good:`);
    expect(res.err).toMatch(/^\s+1 {2}audits \(their files too\)$/m);
    expect(res.err).toMatch(/^\s+2 {2}tracked prompts$/m);
    expect(res.err).toContain('Nothing was deleted. Run again with --yes to delete it.');
    expect((await findInTree(dataDir, [a.accountId])).length).toBeGreaterThan(0);
  });

  it('with --yes leaves no trace of the account in the data directory, and the other account whole', async () => {
    const before = await findInTree(dataDir, a.traces);
    expect(new Set(before.map((f) => f.needle))).toEqual(new Set(a.traces)); // each trace was somewhere
    const res = await run(a.accountId, '--yes', '--json');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.out)).toEqual({ id: a.accountId, deleted: SEEDED_RECORDS });
    expect(await findInTree(dataDir, a.traces)).toEqual([]);
    expect(new Set((await findInTree(dataDir, b.traces)).map((f) => f.needle))).toEqual(new Set(b.traces));
    const store = await LowdbStore.open(dataDir);
    try {
      expect(await store.accountRecords(b.accountId)).toEqual(SEEDED_RECORDS);
      expect(await store.getAuditJson(b.accountId, b.auditId)).not.toBeNull();
      expect((await store.findKeyByHash(b.keyHash))?.account_id).toBe(b.accountId);
      expect(await store.accountRecords(a.accountId)).toBeNull();
    } finally {
      await store.close();
    }
    expect((await run(a.accountId, '--yes')).code).toBe(1); // no such account any more
  });

  it('refuses while a server runs on the data directory', async () => {
    const server = await startServerProcess({ env: { DATA_DIR: dataDir } });
    try {
      const res = await run(a.accountId, '--yes');
      expect(res.code).toBe(1);
      expect(res.err).toMatch(new RegExp(`another Citable server \\(pid ${server.pid}\\) is using .*: stop it first`));
    } finally {
      await server.stop();
    }
    expect((await findInTree(dataDir, [a.auditId])).length).toBeGreaterThan(0);
  });
});
