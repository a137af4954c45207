/**
 * Monitor run budgets, one migration in MIGRATIONS (./index.ts): per account, the runs its monitors started in the
 * current minute (a claim with a policy counts them: MONITOR_RUNS_PER_MINUTE), kept apart from the monitors so
 * that deleting a monitor does not give its runs back. One row per account, rewritten each minute it runs.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 13,
  name: 'monitor_run_budgets: runs each account started per minute',
  sql: `
    CREATE TABLE monitor_run_budgets (
      account_id text COLLATE "C" PRIMARY KEY,
      window_ms bigint NOT NULL,
      runs integer NOT NULL
    );
  `,
};
