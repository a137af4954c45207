/** The `citable accounts` and `keys` commands follow DATABASE_URL: what they write, a server on that database sees. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../server/auth/api-key.js';
import { main } from '../../server/cli/main.js';
import { PostgresStore } from '../../server/store/postgres/store.js';
import { memoryIo } from '../cli/cli-io.js';
import { servicesAvailable, startPostgres, type PostgresServer } from '../helpers/services/index.js';

describe.runIf(servicesAvailable('postgres'))('CLI accounts and keys with DATABASE_URL', () => {
  let pg: PostgresServer;
  let url: string;
  beforeAll(async () => {
    pg = await startPostgres();
    url = await pg.createDatabase();
  }, 60_000);
  afterAll(() => pg?.stop());

  const cli = async (...argv: string[]) => {
    const io = memoryIo({ DATABASE_URL: url, DATA_DIR: '/nonexistent/never-used' });
    const code = await main(argv, io);
    return { code, out: io.out(), err: io.err() };
  };

  it('creates an account and a key in PostgreSQL (migrating an empty database first), lists and revokes it', async () => {
    const created = await cli('accounts', 'create', '--name', 'Acme Agency', '--json');
    expect(created.code).toBe(0);
    const account = JSON.parse(created.out) as { id: string };
    const key = await cli('keys', 'create', '--account', account.id, '--name', 'ci', '--json');
    expect(key.code).toBe(0);
    const { id: keyId, key: secret } = JSON.parse(key.out) as { id: string; key: string };

    const store = await PostgresStore.open(url, { poolSize: 1, cacheKeys: false }); // reads what the database holds
    try {
      expect(await store.getAccount(account.id)).toMatchObject({ name: 'Acme Agency', plan: 'agency' });
      expect(await store.findKeyByHash(hashApiKey(secret))).toMatchObject({ id: keyId, account_id: account.id, revoked_at: null });
      const listed = await cli('keys', 'list', '--account', account.id, '--json');
      expect((JSON.parse(listed.out) as Array<{ id: string }>).map((k) => k.id)).toEqual([keyId]);
      expect(listed.out).not.toContain(hashApiKey(secret));
      expect((await cli('keys', 'revoke', keyId)).code).toBe(0);
      expect((await store.findKeyByHash(hashApiKey(secret)))?.revoked_at).toEqual(expect.any(String));
      expect((await cli('accounts', 'list', '--json')).out).toContain(account.id);
    } finally {
      await store.close();
    }
  });
});
