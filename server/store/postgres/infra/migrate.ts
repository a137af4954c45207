/**
 * The migration runner: applies the migrations (migrations/index.ts) a database lacks, in one transaction
 * under an advisory lock. Several processes starting at once queue on the lock, the first applies what is
 * missing, the others find it applied; schema_migrations records each version applied, so a database
 * migrated before is never migrated again.
 */
import type pg from 'pg';
import { MIGRATIONS } from '../migrations/index.js';
import type { Migration } from '../migrations/migration.js';
import { inTransaction, LOCK_KEY_SQL } from './pool.js';

/** Applies the migrations this database lacks; returns the versions applied now (empty when up to date). */
export async function migrate(pool: pg.Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return inTransaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(${LOCK_KEY_SQL})`, ['citable:migrations']);
    await client.query(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const applied = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    const known = Math.max(0, ...migrations.map((m) => m.version));
    const newer = [...applied].filter((v) => v > known);
    if (newer.length > 0) {
      throw new Error(`the database has schema version ${Math.max(...newer)}, newer than this Citable (${known}): upgrade Citable`);
    }
    const done: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      done.push(migration.version);
    }
    return done;
  });
}
