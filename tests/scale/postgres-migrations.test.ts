/** Schema migrations of the PostgreSQL store against a real server: concurrent start-ups, upgrades, refusals, rollback. */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/store/postgres/infra/migrate.js';
import { MIGRATIONS } from '../../server/store/postgres/migrations/index.js';
import { createPool } from '../../server/store/postgres/infra/pool.js';
import { servicesAvailable, startPostgres, type PostgresServer } from '../helpers/services/index.js';

describe.runIf(servicesAvailable('postgres'))('PostgreSQL schema migrations', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(() => server?.stop());

  const versions = async (pool: pg.Pool) =>
    (await pool.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map((r) => r.version);
  const latest = Math.max(...MIGRATIONS.map((m) => m.version));

  it('six processes starting at once: one applies every migration, the others find them applied', async () => {
    const url = await server.createDatabase();
    const pools = Array.from({ length: 6 }, () => createPool(url, { max: 1 }));
    try {
      const applied = await Promise.all(pools.map((p) => migrate(p)));
      expect(applied.filter((a) => a.length > 0)).toEqual([MIGRATIONS.map((m) => m.version)]);
      expect(applied.filter((a) => a.length === 0)).toHaveLength(5);
      expect(await versions(pools[0]!)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await migrate(pools[0]!)).toEqual([]);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('upgrades a database made by an older version, keeping its data', async () => {
    const url = await server.createDatabase();
    const pool = createPool(url, { max: 2 });
    try {
      expect(await migrate(pool, MIGRATIONS.slice(0, 1))).toEqual([1]);
      await pool.query(
        "INSERT INTO accounts (id, name, plan, created_at) VALUES ('acct_OLDVERSION00', 'Old', 'agency', '2026-01-01T00:00:00.000Z')",
      );
      expect(await migrate(pool)).toEqual(MIGRATIONS.slice(1).map((m) => m.version));
      expect(await versions(pool)).toEqual(MIGRATIONS.map((m) => m.version));
      expect((await pool.query('SELECT name FROM accounts')).rows).toEqual([{ name: 'Old' }]);
    } finally {
      await pool.end();
    }
  });

  it('version 3: keys made before scopes and expiry keep full access and no expiry; a scope outside full/read is refused', async () => {
    const url = await server.createDatabase();
    const pool = createPool(url, { max: 2 });
    try {
      await migrate(
        pool,
        MIGRATIONS.filter((m) => m.version < 3),
      );
      await pool.query(
        "INSERT INTO accounts (id, name, plan, created_at) VALUES ('acct_OLDVERSION00', 'Old', 'agency', '2026-01-01T00:00:00.000Z')",
      );
      await pool.query(
        "INSERT INTO api_keys (id, account_id, name, prefix, hash, created_at) VALUES ('key_OLDVERSION00', 'acct_OLDVERSION00', 'k', 'cit_AAAA', $1, '2026-01-01T00:00:00.000Z')",
        ['a'.repeat(64)],
      );
      expect(await migrate(pool)).toContain(3);
      expect((await pool.query('SELECT scope, expires_at FROM api_keys')).rows).toEqual([{ scope: 'full', expires_at: null }]);
      await expect(pool.query("UPDATE api_keys SET scope = 'admin'")).rejects.toThrow(/check constraint/);
    } finally {
      await pool.end();
    }
  });

  it('refuses a database newer than this code, and rolls a failing migration back completely', async () => {
    const url = await server.createDatabase();
    const pool = createPool(url, { max: 2 });
    try {
      await migrate(pool);
      await pool.query("INSERT INTO schema_migrations (version, name) VALUES ($1, 'from the future')", [latest + 1]);
      await expect(migrate(pool)).rejects.toThrow(/newer than this Citable/);

      const fresh = createPool(await server.createDatabase(), { max: 1 });
      const broken = [
        ...MIGRATIONS,
        { version: latest + 1, name: 'broken', sql: 'CREATE TABLE half_done (x int); SELECT no_such_column FROM accounts;' },
      ];
      await expect(migrate(fresh, broken)).rejects.toThrow(/no_such_column/);
      const tables = (await fresh.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'")).rows[0]
        .n;
      expect(tables).toBe(0); // not even the earlier migrations of that run, nor schema_migrations
      await fresh.end();
    } finally {
      await pool.end();
    }
  });
});
