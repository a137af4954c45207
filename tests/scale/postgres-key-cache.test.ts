/**
 * Keys remembered between requests by the PostgreSQL store (server/store/postgres/accounts-key-cache.ts), with two
 * store instances as two processes have: a revocation in one is seen by the other from its next lookup;
 * while the listening connection is down nothing is served from memory.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PostgresStore } from '../../server/store/postgres/store.js';
import type { ApiKeyRecord } from '../../server/store/contracts/accounts.js';
import { until } from '../helpers/until.js';
import { servicesAvailable, startPostgres, type PostgresServer } from '../helpers/services/index.js';

describe.runIf(servicesAvailable('postgres'))('PostgreSQL store: API keys cached across requests, exact across processes', () => {
  let server: PostgresServer;
  let a: PostgresStore;
  let b: PostgresStore;
  let key: ApiKeyRecord;
  const HASH = 'f'.repeat(64);

  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(() => server?.stop());
  beforeEach(async () => {
    const url = await server.createDatabase();
    [a, b] = [await PostgresStore.open(url), await PostgresStore.open(url)];
    const account = await a.createAccount({ name: 'A', plan: 'agency' });
    key = await a.createKey({ account_id: account.id, name: 'k', prefix: 'cit_FFFF', hash: HASH });
  });
  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  /** A change nobody is told about (no notification): only a store that reads the database sees it. */
  const renameSilently = (name: string) => a.pool.query('UPDATE api_keys SET name = $1 WHERE id = $2', [name, key.id]);

  it('serves a found key from memory, and a revocation in the other process from the next lookup on', async () => {
    expect((await a.findKeyByHash(HASH))?.name).toBe('k');
    await renameSilently('renamed');
    expect((await a.findKeyByHash(HASH))?.name).toBe('k'); // remembered
    expect((await b.findKeyByHash(HASH))?.name).toBe('renamed'); // b had not read it yet

    const revoked = await b.revokeKey(key.id);
    expect(revoked?.revoked_at).toEqual(expect.any(String));
    expect(await b.findKeyByHash(HASH)).toMatchObject({ revoked_at: revoked!.revoked_at }); // the revoker: at once
    const seenByA = await until('the other process to see the revocation', async () =>
      (await a.findKeyByHash(HASH))?.revoked_at ? true : undefined,
    ); // the other: on notification
    expect(seenByA).toBe(true);
    expect(await a.findKeyByHash(HASH)).toMatchObject({ revoked_at: revoked!.revoked_at, name: 'renamed' });
  });

  it("NOTIFY citable_keys, '*' empties every cache (for changes made by hand)", async () => {
    await a.findKeyByHash(HASH);
    await renameSilently('by hand');
    await b.pool.query("NOTIFY citable_keys, '*'");
    expect(
      await until('the rename made by hand to be seen', async () => ((await a.findKeyByHash(HASH))?.name === 'by hand' ? true : undefined)),
    ).toBe(true);
  });

  it('while the listening connection is down, every lookup reads the database; caching resumes when it is back', async () => {
    await a.findKeyByHash(HASH);
    await b.pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'citable-key-listener'");
    await renameSilently('while down');
    expect(
      await until('the rename made while the listener was down to be seen', async () =>
        (await a.findKeyByHash(HASH))?.name === 'while down' ? true : undefined,
      ),
    ).toBe(true);
    // Back after its retry (about a second): remembered again, so a silent change is no longer seen...
    await until('the key cache to remember again once the listener is back', async () => {
      const first = await a.findKeyByHash(HASH);
      await renameSilently(`probe ${Math.random()}`);
      return (await a.findKeyByHash(HASH))?.name === first?.name ? true : undefined;
    });
    // ...and a revocation reaches it again.
    await b.revokeKey(key.id);
    expect(await until('the revocation to be seen again', async () => ((await a.findKeyByHash(HASH))?.revoked_at ? true : undefined))).toBe(
      true,
    );
  });
});
