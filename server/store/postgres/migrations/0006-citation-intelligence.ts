/**
 * Schema of projects and citation intelligence, one migration in MIGRATIONS (./index.ts).
 * - prompts.project_id; citation_results keeps each row's runs (answer texts: TOAST compresses them) and
 *   its rollup tally.
 * - Rollups, kept on every write in the same transaction as the row: per scope (a project id, or
 *   `acct:<account>`), day and engine the summary counts; per competitor name its visible runs; per
 *   cited registrable domain and URL their citations, both by day (grain 'd') and by month (grain 'm',
 *   period = the month's first day), per engine and for all engines ('*'), so a year of sources reads
 *   twelve month rows per domain plus the partial months' days.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 6,
  name: 'projects, prompt projects, citation runs and tallies, citation rollups',
  sql: `
    CREATE TABLE projects (
      id text COLLATE "C" PRIMARY KEY,
      account_id text COLLATE "C" NOT NULL,
      seq bigint GENERATED ALWAYS AS IDENTITY,
      project json NOT NULL
    );
    CREATE INDEX projects_by_account ON projects (account_id, seq);

    ALTER TABLE prompts ADD COLUMN project_id text COLLATE "C";
    CREATE INDEX prompts_by_project ON prompts (account_id, project_id) WHERE deleted_at IS NULL;

    ALTER TABLE citation_results ADD COLUMN runs json, ADD COLUMN tally json;

    CREATE TABLE citation_rollup_days (
      scope text COLLATE "C" NOT NULL,
      day date NOT NULL,
      engine text COLLATE "C" NOT NULL,
      runs integer NOT NULL,
      visible integer NOT NULL,
      mentioned integer NOT NULL,
      cited integer NOT NULL,
      position_sum bigint NOT NULL,
      position_count integer NOT NULL,
      PRIMARY KEY (scope, day, engine)
    );

    CREATE TABLE citation_rollup_competitors (
      scope text COLLATE "C" NOT NULL,
      day date NOT NULL,
      engine text COLLATE "C" NOT NULL,
      name text NOT NULL,
      visible integer NOT NULL,
      PRIMARY KEY (scope, day, engine, name)
    );

    CREATE TABLE citation_rollup_domains (
      scope text COLLATE "C" NOT NULL,
      engine text COLLATE "C" NOT NULL,
      grain "char" NOT NULL,
      period date NOT NULL,
      domain text COLLATE "C" NOT NULL,
      citations integer NOT NULL,
      runs integer NOT NULL,
      PRIMARY KEY (scope, engine, grain, period, domain)
    );

    CREATE TABLE citation_rollup_urls (
      scope text COLLATE "C" NOT NULL,
      engine text COLLATE "C" NOT NULL,
      domain text COLLATE "C" NOT NULL,
      grain "char" NOT NULL,
      period date NOT NULL,
      url text COLLATE "C" NOT NULL,
      citations integer NOT NULL,
      PRIMARY KEY (scope, engine, domain, grain, period, url)
    );
  `,
};
