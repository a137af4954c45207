/**
 * Which engines cited each of the top domains (GET /citations/sources), one migration in MIGRATIONS
 * (./index.ts): the primary key of citation_rollup_domains leads with (scope, engine, grain, period),
 * so asking about 50 domains scanned every domain of every period; at a year of data PostgreSQL read the
 * whole table (a parallel sequential scan of millions of rows). This index leads with the domain and covers
 * the citations, so the question is a few short index-only ranges per domain and engine.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 9,
  name: 'citation_rollup_domains by domain: the engines of the top sources',
  sql: `
    CREATE INDEX citation_rollup_domains_by_domain ON citation_rollup_domains (scope, domain, engine, grain, period) INCLUDE (citations);
  `,
};
