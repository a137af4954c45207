/**
 * Copies a lowdb data directory into PostgreSQL and proves the copy (`citable migrate`). Idempotent: every
 * record keeps its id (citation rows: their journal offset as import_key) and is inserted with
 * ON CONFLICT DO NOTHING, so a second run copies nothing new and duplicates nothing. Verification reads
 * every record back and compares checksums (import-verify.ts).
 */
import type pg from 'pg';
import { importAudits } from './import-audits.js';
import { byId, compare, type CollectionName, type CollectionReport, type Row } from './import-verify.js';
import type { LowdbSource } from './lowdb-source.js';

export type { CollectionName, CollectionReport } from './import-verify.js';

const BATCH = 200;

export async function importLowdb(pool: pg.Pool, source: LowdbSource, onProgress: (message: string) => void = () => undefined): Promise<CollectionReport[]> {
  const accountIds = new Set(source.accounts.map((a) => a.id));
  return [
    await copyEach(pool, {
      collection: 'accounts',
      records: source.accounts.map((a) => ({ id: a.id, value: a, params: [a.id, a.name, a.plan, a.created_at] })),
      insert: 'INSERT INTO accounts (id, name, plan, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING',
      select: 'SELECT id, name, plan, created_at FROM accounts WHERE id = ANY($1)',
      stored: (row) => row,
    }),
    // Keys whose account is gone cannot be stored: they show up as mismatches.
    await copyEach(pool, {
      collection: 'keys',
      records: source.keys.map((k) => ({
        id: k.id,
        value: k,
        params: accountIds.has(k.account_id) ? [k.id, k.account_id, k.name, k.prefix, k.hash, k.created_at, k.revoked_at, k.scope, k.expires_at] : null,
      })),
      insert:
        'INSERT INTO api_keys (id, account_id, name, prefix, hash, created_at, revoked_at, scope, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING',
      select: 'SELECT id, account_id, name, prefix, hash, created_at, revoked_at, scope, expires_at FROM api_keys WHERE id = ANY($1)',
      stored: (row) => row,
    }),
    await importAudits(pool, source, onProgress),
    // Prompts, deleted ones included (their rows stay, hidden from listings, as in lowdb).
    await copyEach(pool, {
      collection: 'prompts',
      records: source.prompts.map(({ prompt, deleted_at }) => ({
        id: prompt.id,
        value: { prompt, deleted_at },
        params: [prompt.id, prompt.account_id, prompt.domain, prompt.text, Date.parse(prompt.created_at), deleted_at, JSON.stringify(prompt)],
      })),
      insert: 'INSERT INTO prompts (id, account_id, domain, text, created_ms, deleted_at, prompt) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING',
      select: 'SELECT id, prompt, deleted_at FROM prompts WHERE id = ANY($1)',
      stored: (row) => ({ prompt: row.prompt, deleted_at: row.deleted_at }),
    }),
    await importCitationRows(pool, source),
    // Checks: their latest state.
    await copyEach(pool, {
      collection: 'checks',
      records: source.checks.map((c) => ({ id: c.id, value: c, params: [c.id, c.account_id, c.status, JSON.stringify(c)] })),
      insert: 'INSERT INTO citation_checks (id, account_id, status, body) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING',
      select: 'SELECT id, body FROM citation_checks WHERE id = ANY($1)',
      stored: (row) => row.body,
    }),
  ];
}

interface EachCopy {
  collection: CollectionName;
  /** Each record's id, the value its checksum is taken of, and the insert's parameters (null: cannot be stored). */
  records: Array<{ id: string; value: unknown; params: unknown[] | null }>;
  insert: string;
  /** Selects `id` and the stored columns for the ids in $1. */
  select: string;
  /** The value a row holds, comparable with the record's `value`. */
  stored: (row: Row) => unknown;
}

/** One INSERT per record (small collections), then every record read back and compared. */
async function copyEach(pool: pg.Pool, copy: EachCopy): Promise<CollectionReport> {
  let copied = 0;
  for (const record of copy.records) {
    if (!record.params) continue;
    copied += (await pool.query(copy.insert, record.params)).rowCount ?? 0;
  }
  const rows = await byId(pool, copy.select, copy.records.map((r) => r.id));
  return compare(
    copy.collection,
    copy.records.map((r) => [r.id, r.value]),
    new Map([...rows].map(([id, row]) => [id, copy.stored(row)])),
    copied,
  );
}

/** Citation rows in journal order (the history's order), keyed by their journal offset, in batches. */
async function importCitationRows(pool: pg.Pool, source: LowdbSource): Promise<CollectionReport> {
  let copied = 0;
  for (let i = 0; i < source.rows.length; i += BATCH) {
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (const { offset, row } of source.rows.slice(i, i + BATCH)) {
      const base = values.length;
      values.push(row.account_id, row.prompt_id, row.engine, row.check_id, Date.parse(row.checked_at), row.checked_at.slice(0, 10), row.calls, JSON.stringify(row), importKey(offset));
      tuples.push(`(${Array.from({ length: 9 }, (_, j) => `$${base + j + 1}`).join(', ')})`);
    }
    const inserted = await pool.query(
      `INSERT INTO citation_results (account_id, prompt_id, engine, check_id, checked_ms, checked_day, calls, result, import_key)
       VALUES ${tuples.join(', ')} ON CONFLICT (import_key) WHERE import_key IS NOT NULL DO NOTHING`,
      values,
    );
    copied += inserted.rowCount ?? 0;
  }
  const rows = await byId(pool, 'SELECT import_key AS id, result FROM citation_results WHERE import_key = ANY($1)', source.rows.map((r) => importKey(r.offset)));
  return compare(
    'citation_rows',
    source.rows.map((r) => [importKey(r.offset), r.row]),
    new Map([...rows].map(([id, row]) => [id, row.result])),
    copied,
  );
}

const importKey = (offset: number) => `lowdb:results:${offset}`;
