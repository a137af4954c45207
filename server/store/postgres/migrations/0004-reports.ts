/**
 * Schema for client reports (docs/api-decisions.md#reports-shares-and-diffs): branding per account, and share links found by the
 * SHA-256 of their token. Listed in MIGRATIONS (./index.ts).
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 4,
  name: 'report branding and share links',
  sql: `
    CREATE TABLE report_branding (
      account_id text COLLATE "C" PRIMARY KEY,
      body json NOT NULL
    );

    CREATE TABLE report_shares (
      id text COLLATE "C" PRIMARY KEY,
      account_id text COLLATE "C" NOT NULL,
      kind text NOT NULL CHECK (kind IN ('audit', 'crawl')),
      target_id text COLLATE "C" NOT NULL,
      token_hash text COLLATE "C" NOT NULL UNIQUE,
      created_at text NOT NULL,
      created_ms bigint NOT NULL,
      expires_at text NOT NULL,
      expires_ms bigint NOT NULL,
      revoked_at text
    );
    CREATE INDEX report_shares_live_by_account ON report_shares (account_id, created_ms DESC, id DESC) WHERE revoked_at IS NULL;
  `,
};
