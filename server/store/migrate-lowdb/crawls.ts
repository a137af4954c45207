/**
 * The site audits of a lowdb data directory into PostgreSQL (`citable migrate`): each crawl's row (its
 * record, rollup state, done count and site files) and its frontier (crawl_urls: every queued URL with the
 * order it was queued and done in, the page that found it, and its outcome and rules) in one transaction,
 * so a crawl is copied whole or not at all and a re-run finds it and copies nothing. Two reports: `crawls`
 * (per crawl, the row) and `crawl_urls` (per URL, "<crawl id> <url>").
 *
 * A crawl that was queued or running when the lowdb server stopped is copied as it stands, still queued or
 * running: a PostgreSQL server resumes it at its start (embedded: its coordinator's resumeAll; with Redis:
 * a crawl job queued for each unfinished crawl), from its pending URLs, with each page audited once, as a
 * restarted embedded server would. Its deadline is unchanged. The URLs it skipped are copied as skipped rows
 * (so a link found again is not counted twice); crawls from before lowdb kept their spelling have none.
 */
import type pg from 'pg';
import { byId, compare, type CollectionReport, type Row } from './verify.js';
import type { SourceCrawl, SourceCrawlUrl } from './read-crawls.js';
import { inTransaction } from '../postgres/infra/pool.js';

const CHUNK = 2_000;

export async function importCrawls(
  pool: pg.Pool,
  crawls: SourceCrawl[],
  onProgress: (message: string) => void,
): Promise<CollectionReport[]> {
  let copiedCrawls = 0;
  let copiedUrls = 0;
  for (const [i, crawl] of crawls.entries()) {
    const urls = await inTransaction(pool, async (client) => {
      const r = crawl.record;
      const inserted = await client.query(
        `INSERT INTO crawls (id, account_id, created_ms, status, done_count, record, rollup, site_files) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
        [
          r.id,
          r.account_id,
          Date.parse(r.created_at),
          r.status,
          crawl.done_count,
          JSON.stringify(r),
          JSON.stringify(crawl.rollup),
          crawl.site_files ? JSON.stringify(crawl.site_files) : null,
        ],
      );
      if (inserted.rowCount !== 1) return -1; // copied by an earlier run, with its URLs (same transaction)
      for (let at = 0; at < crawl.urls.length; at += CHUNK) {
        const chunk = crawl.urls.slice(at, at + CHUNK);
        const column = <K extends keyof SourceCrawlUrl>(key: K) => chunk.map((u) => u[key]);
        await client.query(
          `INSERT INTO crawl_urls (crawl_id, url, state, queued_seq, template, sample, found_by, done_seq, outcome, rules)
           SELECT $1, u, s, q, t, p, f, d, o::json, CASE WHEN r IS NULL THEN NULL ELSE ARRAY(SELECT json_array_elements_text(r::json)) END
           FROM unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::boolean[], $7::text[], $8::int[], $9::text[], $10::text[]) AS x(u, s, q, t, p, f, d, o, r)`,
          [
            r.id,
            column('url'),
            column('state'),
            column('queued_seq'),
            column('template'),
            column('sample'),
            column('found_by'),
            column('done_seq'),
            chunk.map((u) => (u.outcome ? JSON.stringify(u.outcome) : null)),
            chunk.map((u) => (u.rules ? JSON.stringify(u.rules) : null)),
          ],
        );
      }
      return crawl.urls.length;
    });
    if (urls >= 0) {
      copiedCrawls++;
      copiedUrls += urls;
    }
    if (i % 50 === 49) onProgress(`crawls: ${i + 1} of ${crawls.length}`);
  }
  return [await verifyCrawls(pool, crawls, copiedCrawls), await verifyUrls(pool, crawls, copiedUrls)];
}

/** What a crawls row holds, from the source or read back. */
const crawlValue = (row: Row) => ({
  account_id: row.account_id,
  created_ms: row.created_ms,
  status: row.status,
  done_count: row.done_count,
  record: row.record,
  rollup: row.rollup,
  site_files: row.site_files,
});

async function verifyCrawls(pool: pg.Pool, crawls: SourceCrawl[], copied: number): Promise<CollectionReport> {
  const rows = await byId(
    pool,
    'SELECT id::text AS id, account_id, created_ms, status, done_count, record, rollup, site_files FROM crawls WHERE id = ANY($1::uuid[])',
    crawls.map((c) => c.record.id),
  );
  return compare(
    'crawls',
    crawls.map((c) => [
      c.record.id,
      crawlValue({
        account_id: c.record.account_id,
        created_ms: Date.parse(c.record.created_at),
        status: c.record.status,
        done_count: c.done_count,
        record: c.record,
        rollup: c.rollup,
        site_files: c.site_files,
      }),
    ]),
    new Map([...rows].map(([id, row]) => [id, crawlValue(row)])),
    copied,
  );
}

/** A URL row's content (its crawl and URL are its id). */
const urlValue = (u: Row) => ({
  state: u.state,
  queued_seq: u.queued_seq,
  template: u.template,
  sample: u.sample,
  found_by: u.found_by,
  done_seq: u.done_seq,
  outcome: u.outcome,
  rules: u.rules,
});

async function verifyUrls(pool: pg.Pool, crawls: SourceCrawl[], copied: number): Promise<CollectionReport> {
  const source: Array<[string, unknown]> = [];
  const target = new Map<string, unknown>();
  for (const crawl of crawls) {
    const id = crawl.record.id;
    for (const u of crawl.urls) source.push([`${id} ${u.url}`, urlValue(u)]);
    const { rows } = await pool.query(
      `SELECT url, state, queued_seq, template, sample, found_by, done_seq, outcome, rules FROM crawl_urls WHERE crawl_id = $1`,
      [id],
    );
    for (const row of rows) target.set(`${id} ${row.url as string}`, urlValue(row));
  }
  return compare('crawl_urls', source, target, copied);
}
