/**
 * Maintenance jobs that run once a day across every process (the retention pass): one row per job and
 * day, written in the transaction that holds the job's advisory lock, so exactly one process runs it.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 14,
  name: 'maintenance runs (once a day across processes)',
  sql: `
    CREATE TABLE maintenance_runs (
      job text COLLATE "C" NOT NULL,
      day date NOT NULL,
      ran_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (job, day)
    );
  `,
};
