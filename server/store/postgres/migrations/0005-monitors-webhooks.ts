/**
 * Schema of monitors and webhooks, one migration in MIGRATIONS (./index.ts).
 * - monitors: `monitors_due` serves the claim (next due time; a claim locks rows with SKIP LOCKED).
 * - webhooks: the secret is stored as is (the server signs with it): the database's own access control
 *   protects it (README, "Monitors and webhooks").
 * - webhook_events / webhook_deliveries: the outbox. A delivery row is the unit a worker leases
 *   (`lease_until_ms`); `webhook_deliveries_due` serves the claim, `webhook_deliveries_log` the log.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 5,
  name: 'monitors, webhooks, webhook events and deliveries (the outbox)',
  sql: `
    CREATE TABLE monitors (
      id text COLLATE "C" PRIMARY KEY,
      account_id text COLLATE "C" NOT NULL,
      url text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('audit', 'crawl')),
      every text NOT NULL CHECK (every IN ('hour', 'day', 'week')),
      period_ms bigint NOT NULL,
      max_pages integer,
      created_at text NOT NULL,
      next_run_ms bigint NOT NULL,
      run_requested_ms bigint,
      lease_until_ms bigint,
      last_run_at text,
      last_result_id text,
      last_error text,
      seq bigint GENERATED ALWAYS AS IDENTITY
    );
    CREATE INDEX monitors_by_account ON monitors (account_id, seq);
    CREATE INDEX monitors_due ON monitors (next_run_ms);

    CREATE TABLE webhooks (
      id text COLLATE "C" PRIMARY KEY,
      account_id text COLLATE "C" NOT NULL,
      url text NOT NULL,
      events text[] NOT NULL,
      format text NOT NULL CHECK (format IN ('json', 'slack')),
      secret text NOT NULL,
      created_at text NOT NULL,
      disabled_at text,
      disabled_reason text,
      gone_streak integer NOT NULL DEFAULT 0,
      seq bigint GENERATED ALWAYS AS IDENTITY
    );
    CREATE INDEX webhooks_by_account ON webhooks (account_id, seq);

    CREATE TABLE webhook_events (
      id text COLLATE "C" PRIMARY KEY,
      account_id text COLLATE "C" NOT NULL,
      type text NOT NULL,
      created_at text NOT NULL,
      dedupe_key text,
      data json NOT NULL
    );
    CREATE UNIQUE INDEX webhook_events_dedupe ON webhook_events (account_id, dedupe_key) WHERE dedupe_key IS NOT NULL;

    CREATE TABLE webhook_deliveries (
      id text COLLATE "C" PRIMARY KEY,
      webhook_id text COLLATE "C" NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
      account_id text COLLATE "C" NOT NULL,
      event_id text COLLATE "C" NOT NULL REFERENCES webhook_events (id),
      type text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_status_code integer,
      next_attempt_ms bigint,
      created_at text NOT NULL,
      created_ms bigint NOT NULL,
      last_attempt_at text,
      last_error text,
      log json NOT NULL DEFAULT '[]',
      lease_until_ms bigint,
      seq bigint GENERATED ALWAYS AS IDENTITY
    );
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_ms) WHERE status = 'pending';
    CREATE INDEX webhook_deliveries_log ON webhook_deliveries (webhook_id, created_ms DESC, id DESC);
    CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);
  `,
};
