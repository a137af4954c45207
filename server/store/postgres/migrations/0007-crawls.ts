/**
 * Schema of the crawl store (../crawls.ts), one migration in MIGRATIONS (./index.ts):
 * - crawls: the record (progress, admission state, site findings, result) and the rollup state as json,
 *   updated under the row's lock by each page's transaction; site_files written once at the start.
 *   (account_id, created_ms DESC, id DESC) serves the newest-first list; a partial index the running count.
 * - crawl_urls: every URL a crawl has seen, unique per crawl (the primary key is the "seen" check), with its
 *   state (queued, done, skipped), the order it was queued in (the frontier) and done in (the pages list),
 *   the page that found it (a retried job re-adds what its page queued), and the page's outcome and rules.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 7,
  name: 'crawls and their URLs (site audits)',
  sql: `
    CREATE TABLE crawls (
      id uuid PRIMARY KEY,
      account_id text COLLATE "C" NOT NULL,
      created_ms bigint NOT NULL,
      status text NOT NULL,
      done_count integer NOT NULL DEFAULT 0,
      record json NOT NULL,
      rollup json NOT NULL,
      site_files json
    );
    CREATE INDEX crawls_newest_first ON crawls (account_id, created_ms DESC, id DESC);
    CREATE INDEX crawls_open ON crawls (account_id) WHERE status IN ('queued', 'running');

    CREATE TABLE crawl_urls (
      crawl_id uuid NOT NULL REFERENCES crawls (id) ON DELETE CASCADE,
      url text COLLATE "C" NOT NULL,
      state text NOT NULL CHECK (state IN ('queued', 'done', 'skipped')),
      queued_seq integer,
      template text,
      sample boolean,
      found_by text COLLATE "C",
      done_seq integer,
      outcome json,
      rules text[],
      PRIMARY KEY (crawl_id, url)
    );
    CREATE INDEX crawl_urls_pending ON crawl_urls (crawl_id, queued_seq) WHERE state = 'queued';
    CREATE INDEX crawl_urls_pages ON crawl_urls (crawl_id, done_seq) WHERE outcome IS NOT NULL;
    CREATE INDEX crawl_urls_found_by ON crawl_urls (crawl_id, md5(found_by)) WHERE found_by IS NOT NULL;
  `,
};
