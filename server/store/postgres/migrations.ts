/**
 * Versioned schema migrations, run at start-up (server and CLI) in one transaction under an advisory
 * lock: several processes starting at once queue on the lock, the first applies what is missing, the
 * others find it applied. A migration is never edited once released; a change is a new version.
 *
 * Layout decisions (see README, "Scaling out"):
 * - Identifiers are `COLLATE "C"` (byte order): cursors compare ids the way JavaScript does.
 * - Timestamps the API echoes are kept as the exact strings stored (`scanned_at` may carry an offset);
 *   beside them, epoch milliseconds as bigint for ordering and filters.
 * - Documents (audit, prompt, result row, check) are `json`, which keeps the text exactly as written:
 *   GET /audits/{id} serves the stored bytes as they are, like the embedded store.
 * - audits: the primary key serves GET by id; (account_id, scanned_ms DESC, id DESC) serves the
 *   newest-first list with keyset pagination; md5 expression indexes serve ?url= (URLs may be long).
 */
import type pg from 'pg';
import { MONITORS_WEBHOOKS_MIGRATION } from './monitors-webhooks-migration.js';
import { CITATION_INTELLIGENCE_MIGRATION } from './citation-migrations.js';
import { MONITOR_PAUSE_MIGRATION } from './monitor-pause-migration.js';
import { SOURCE_ENGINES_INDEX_MIGRATION } from './source-engines-index-migration.js';
import { SOURCE_YEARS_MIGRATION } from './source-years-migration.js';
import { DAY_COMPETITORS_MIGRATION } from './day-competitors-migration.js';
import { SOURCE_BLOCKS_MIGRATION } from './source-blocks-migration.js';
import { inTransaction, LOCK_KEY_SQL } from './infra/pool.js';
import { CRAWLS_MIGRATION } from './crawl-migration.js';
import { REPORTS_MIGRATION } from './reports-migration.js';

export type { Migration } from './migration.js';
import type { Migration } from './migration.js';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'accounts, keys, audits, prompts, citation results, checks',
    sql: `
      CREATE TABLE accounts (
        id text COLLATE "C" PRIMARY KEY,
        name text NOT NULL,
        plan text NOT NULL CHECK (plan IN ('free', 'pro', 'agency')),
        created_at text NOT NULL,
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE
      );

      CREATE TABLE api_keys (
        id text COLLATE "C" PRIMARY KEY,
        account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
        name text NOT NULL,
        prefix text NOT NULL,
        hash text COLLATE "C" NOT NULL UNIQUE,
        created_at text NOT NULL,
        revoked_at text,
        seq bigint GENERATED ALWAYS AS IDENTITY
      );
      CREATE INDEX api_keys_by_account ON api_keys (account_id, seq);

      CREATE TABLE audits (
        id uuid PRIMARY KEY,
        account_id text COLLATE "C" NOT NULL,
        scanned_ms bigint NOT NULL,
        scanned_at text NOT NULL,
        url text NOT NULL,
        final_url text NOT NULL,
        score double precision NOT NULL,
        builder text NOT NULL,
        status text NOT NULL,
        origin text NOT NULL,
        hash text NOT NULL,
        audit json NOT NULL
      );
      CREATE INDEX audits_newest_first ON audits (account_id, scanned_ms DESC, id DESC);
      CREATE INDEX audits_by_url ON audits (account_id, md5(url));
      CREATE INDEX audits_by_final_url ON audits (account_id, md5(final_url));

      CREATE TABLE prompts (
        id text COLLATE "C" PRIMARY KEY,
        account_id text COLLATE "C" NOT NULL,
        domain text NOT NULL,
        text text NOT NULL,
        created_ms bigint NOT NULL,
        deleted_at text,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        prompt json NOT NULL
      );
      CREATE INDEX prompts_live_by_account ON prompts (account_id, seq) WHERE deleted_at IS NULL;
      CREATE UNIQUE INDEX prompts_live_text ON prompts (account_id, domain, md5(text)) WHERE deleted_at IS NULL;

      CREATE TABLE citation_results (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        account_id text COLLATE "C" NOT NULL,
        prompt_id text COLLATE "C" NOT NULL,
        engine text COLLATE "C" NOT NULL,
        check_id text COLLATE "C" NOT NULL,
        checked_ms bigint NOT NULL,
        checked_day text NOT NULL,
        calls integer NOT NULL,
        result json NOT NULL
      );
      CREATE INDEX citation_results_latest ON citation_results (prompt_id, engine, checked_ms DESC, seq DESC);
      CREATE INDEX citation_results_history ON citation_results (account_id, seq DESC);
      CREATE INDEX citation_results_per_day ON citation_results (engine, checked_day);
      CREATE INDEX citation_results_per_check ON citation_results (check_id);

      CREATE TABLE citation_checks (
        id text COLLATE "C" PRIMARY KEY,
        account_id text COLLATE "C",
        status text NOT NULL,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        body json NOT NULL
      );
      CREATE INDEX citation_checks_running ON citation_checks (seq) WHERE status = 'running';
    `,
  },
  {
    version: 2,
    name: 'citation_results.import_key: rows copied from a lowdb data directory are copied once',
    sql: `
      ALTER TABLE citation_results ADD COLUMN import_key text COLLATE "C";
      CREATE UNIQUE INDEX citation_results_import_key ON citation_results (import_key) WHERE import_key IS NOT NULL;
    `,
  },
  {
    version: 3,
    name: 'api_keys.scope and api_keys.expires_at: read-only keys and keys that expire (existing keys: full access, no expiry)',
    sql: `
      ALTER TABLE api_keys ADD COLUMN scope text NOT NULL DEFAULT 'full' CHECK (scope IN ('full', 'read'));
      ALTER TABLE api_keys ADD COLUMN expires_at text;
    `,
  },
  REPORTS_MIGRATION,
  MONITORS_WEBHOOKS_MIGRATION,
  CITATION_INTELLIGENCE_MIGRATION,
  CRAWLS_MIGRATION,
  MONITOR_PAUSE_MIGRATION,
  SOURCE_ENGINES_INDEX_MIGRATION,
  SOURCE_YEARS_MIGRATION,
  DAY_COMPETITORS_MIGRATION,
  SOURCE_BLOCKS_MIGRATION,
];

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
