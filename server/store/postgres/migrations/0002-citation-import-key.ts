/**
 * citation_results.import_key: `citable migrate` copies a lowdb citation row once, keyed by its place in
 * results.journal (server/store/migrate-lowdb/citations.ts).
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 2,
  name: 'citation_results.import_key: rows copied from a lowdb data directory are copied once',
  sql: `
      ALTER TABLE citation_results ADD COLUMN import_key text COLLATE "C";
      CREATE UNIQUE INDEX citation_results_import_key ON citation_results (import_key) WHERE import_key IS NOT NULL;
    `,
};
