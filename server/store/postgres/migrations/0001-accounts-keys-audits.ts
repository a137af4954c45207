/**
 * The first schema: accounts and API keys, audits, and citation tracking's prompts, result rows and check
 * records (layout decisions in ./index.ts).
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
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
};
