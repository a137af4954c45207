/**
 * AI crawler traffic (docs/logs.md#the-api), one migration in MIGRATIONS (./index.ts): the uploads of access
 * logs (`traffic_ingests`, one per project and SHA-256 of the bytes, with the cursor a resumed ingest starts
 * from), the daily rollups (`traffic_days`, one JSON document per project and day) and the days each path was
 * fetched by an AI agent (`traffic_pages`, a 366-bit string per path and year, OR-ed on write; keyed by the
 * path's MD5 since paths may be long).
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 16,
  name: 'traffic: log ingests, daily rollups, fetched pages',
  sql: `
    CREATE TABLE traffic_ingests (
      id text COLLATE "C" PRIMARY KEY,
      account_id text COLLATE "C" NOT NULL,
      project_id text COLLATE "C" NOT NULL,
      sha256 text NOT NULL,
      status text NOT NULL,
      bytes bigint NOT NULL,
      lines bigint NOT NULL,
      byte_offset bigint NOT NULL,
      problems json NOT NULL,
      error text,
      created_at text NOT NULL,
      updated_at text NOT NULL,
      UNIQUE (project_id, sha256)
    );
    CREATE INDEX traffic_ingests_unfinished ON traffic_ingests (created_at) WHERE status IN ('queued', 'ingesting');
    CREATE TABLE traffic_days (
      project_id text COLLATE "C" NOT NULL,
      day text COLLATE "C" NOT NULL,
      rollup json NOT NULL,
      PRIMARY KEY (project_id, day)
    );
    CREATE TABLE traffic_pages (
      project_id text COLLATE "C" NOT NULL,
      path_key text NOT NULL,
      year int NOT NULL,
      path text NOT NULL,
      days bit(366) NOT NULL,
      PRIMARY KEY (project_id, path_key, year)
    );
  `,
};
