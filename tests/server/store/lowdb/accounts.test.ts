import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LowdbStore } from '../../../../server/store/lowdb/store.js';

/** What only the lowdb account store does (DATA_DIR/accounts.json); what every store does is in ../contracts/accounts.ts. */
describe('LowdbStore accounts', () => {
  let dir: string;
  let store: LowdbStore;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-store-'));
    store = await LowdbStore.open(dir);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keys written before scopes and expiry (accounts.json of an older version) read as full access without expiry', async () => {
    await store.close();
    const account = { id: 'acct_OLDVERSION00', name: 'Old', plan: 'agency', created_at: '2026-01-01T00:00:00.000Z' };
    const key = {
      id: 'key_OLDVERSION00',
      account_id: account.id,
      name: 'k',
      prefix: 'cit_AAAA',
      hash: 'a'.repeat(64),
      created_at: '2026-01-01T00:00:00.000Z',
      revoked_at: null,
    };
    await writeFile(path.join(dir, 'accounts.json'), JSON.stringify({ version: 1, accounts: [account], keys: [key] }));
    store = await LowdbStore.open(dir);
    expect(await store.findKeyByHash('a'.repeat(64))).toEqual({ ...key, scope: 'full', expires_at: null });
    expect(await store.listKeys(account.id)).toEqual([{ ...key, scope: 'full', expires_at: null }]);
  });
});
