/**
 * Copies a lowdb data directory into PostgreSQL and proves the copy (`citable migrate`). Idempotent: every
 * record keeps its id (citation rows: their journal offset as import_key) and is inserted with
 * ON CONFLICT DO NOTHING, so a second run copies nothing new and duplicates nothing. Verification reads
 * every record back and compares the SHA-256 of its canonical JSON (keys sorted) with the source's;
 * each collection also gets one digest over its records' checksums in id order.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { canonicalJson } from '../../audits/canonical-hash.js';
import type { LowdbSource } from './lowdb-source.js';

export type CollectionName = 'accounts' | 'keys' | 'audits' | 'prompts' | 'citation_rows' | 'checks';

export interface CollectionReport {
  collection: CollectionName;
  source: number;
  /** Inserted by this run (0 on a re-run). */
  copied: number;
  /** Found in PostgreSQL with the same checksum. */
  verified: number;
  /** Ids missing in PostgreSQL or holding other content. */
  mismatches: string[];
  /** SHA-256 over the records' checksums in id order, from the source and read back from PostgreSQL. */
  sourceDigest: string;
  targetDigest: string;
}

const BATCH = 200;
const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
const checksum = (value: unknown) => sha256(canonicalJson(value));

export async function importLowdb(pool: pg.Pool, source: LowdbSource, onProgress: (message: string) => void = () => undefined): Promise<CollectionReport[]> {
  const reports: CollectionReport[] = [];

  // Accounts and keys (keys whose account is gone cannot be stored: they show up as mismatches).
  let copied = 0;
  for (const a of source.accounts) {
    const r = await pool.query('INSERT INTO accounts (id, name, plan, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING', [a.id, a.name, a.plan, a.created_at]);
    copied += r.rowCount ?? 0;
  }
  const accountRows = await byId(pool, 'SELECT id, name, plan, created_at FROM accounts WHERE id = ANY($1)', source.accounts.map((a) => a.id));
  reports.push(compare('accounts', source.accounts.map((a) => [a.id, a]), accountRows, copied));

  copied = 0;
  const accountIds = new Set(source.accounts.map((a) => a.id));
  for (const k of source.keys) {
    if (!accountIds.has(k.account_id)) continue;
    const r = await pool.query(
      `INSERT INTO api_keys (id, account_id, name, prefix, hash, created_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [k.id, k.account_id, k.name, k.prefix, k.hash, k.created_at, k.revoked_at],
    );
    copied += r.rowCount ?? 0;
  }
  const keyRows = await byId(pool, 'SELECT id, account_id, name, prefix, hash, created_at, revoked_at FROM api_keys WHERE id = ANY($1)', source.keys.map((k) => k.id));
  reports.push(compare('keys', source.keys.map((k) => [k.id, k]), keyRows, copied));

  // Audits: the stored bytes as they are, with the index record's columns. Checked batch by batch (read
  // back right after the insert): the audit as parsed JSON, its owner and content hash, so a wrong owner
  // is a mismatch too. The json column keeps text exactly, so bytes equal to the source's have the same
  // canonical JSON, computed once.
  copied = 0;
  const auditSums = new Map<string, string>();
  const targetAudits = new Map<string, string>();
  for (let i = 0; i < source.audits.length; i += BATCH) {
    const batch = source.audits.slice(i, i + BATCH);
    const texts = await Promise.all(batch.map(async (record) => (await source.auditJson(record.id)).toString('utf8')));
    const contents = new Map<string, { text: string; sum: string }>();
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (const [j, record] of batch.entries()) {
      const json = texts[j]!;
      const sum = checksum(JSON.parse(json) as unknown);
      contents.set(record.id, { text: json, sum });
      auditSums.set(record.id, auditChecksum(record.account_id, record.hash, sum));
      const base = values.length;
      values.push(record.id, record.account_id, Date.parse(record.scanned_at), record.scanned_at, record.url, record.final_url, record.score, record.builder, record.status, record.origin, record.hash, json);
      tuples.push(`(${Array.from({ length: 12 }, (_, k) => `$${base + k + 1}`).join(', ')})`);
    }
    const r = await pool.query(
      `INSERT INTO audits (id, account_id, scanned_ms, scanned_at, url, final_url, score, builder, status, origin, hash, audit)
       VALUES ${tuples.join(', ')} ON CONFLICT (id) DO NOTHING`,
      values,
    );
    copied += r.rowCount ?? 0;
    const { rows } = await pool.query<{ id: string; account_id: string; hash: string; json: string }>(
      'SELECT id::text AS id, account_id, hash, audit::text AS json FROM audits WHERE id = ANY($1::uuid[])',
      [batch.map((a) => a.id)],
    );
    for (const row of rows) {
      const stored = contents.get(row.id);
      const sum = stored && stored.text === row.json ? stored.sum : checksum(JSON.parse(row.json) as unknown);
      targetAudits.set(row.id, auditChecksum(row.account_id, row.hash, sum));
    }
    if ((i / BATCH) % 50 === 49) onProgress(`audits: ${Math.min(i + BATCH, source.audits.length)} of ${source.audits.length}`);
  }
  reports.push(compareSums('audits', auditSums, targetAudits, copied));

  // Prompts, deleted ones included (their rows stay, hidden from listings, as in lowdb).
  copied = 0;
  for (const { prompt, deleted_at } of source.prompts) {
    const r = await pool.query(
      `INSERT INTO prompts (id, account_id, domain, text, created_ms, deleted_at, prompt) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [prompt.id, prompt.account_id, prompt.domain, prompt.text, Date.parse(prompt.created_at), deleted_at, JSON.stringify(prompt)],
    );
    copied += r.rowCount ?? 0;
  }
  const promptRows = await byId(pool, 'SELECT id, prompt, deleted_at FROM prompts WHERE id = ANY($1)', source.prompts.map((p) => p.prompt.id));
  reports.push(
    compare(
      'prompts',
      source.prompts.map((p) => [p.prompt.id, { prompt: p.prompt, deleted_at: p.deleted_at }]),
      new Map([...promptRows].map(([id, row]) => [id, { prompt: row.prompt, deleted_at: row.deleted_at }])),
      copied,
    ),
  );

  // Citation rows in journal order (the history's order), keyed by their journal offset.
  copied = 0;
  for (let i = 0; i < source.rows.length; i += BATCH) {
    const batch = source.rows.slice(i, i + BATCH);
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (const { offset, row } of batch) {
      const base = values.length;
      values.push(row.account_id, row.prompt_id, row.engine, row.check_id, Date.parse(row.checked_at), row.checked_at.slice(0, 10), row.calls, JSON.stringify(row), importKey(offset));
      tuples.push(`(${Array.from({ length: 9 }, (_, j) => `$${base + j + 1}`).join(', ')})`);
    }
    const r = await pool.query(
      `INSERT INTO citation_results (account_id, prompt_id, engine, check_id, checked_ms, checked_day, calls, result, import_key)
       VALUES ${tuples.join(', ')} ON CONFLICT (import_key) WHERE import_key IS NOT NULL DO NOTHING`,
      values,
    );
    copied += r.rowCount ?? 0;
  }
  const rowTargets = await byId(
    pool,
    'SELECT import_key AS id, result FROM citation_results WHERE import_key = ANY($1)',
    source.rows.map((r) => importKey(r.offset)),
  );
  reports.push(
    compare(
      'citation_rows',
      source.rows.map((r) => [importKey(r.offset), r.row]),
      new Map([...rowTargets].map(([id, row]) => [id, row.result])),
      copied,
    ),
  );

  // Checks: their latest state.
  copied = 0;
  for (const check of source.checks) {
    const r = await pool.query('INSERT INTO citation_checks (id, account_id, status, body) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING', [
      check.id,
      check.account_id,
      check.status,
      JSON.stringify(check),
    ]);
    copied += r.rowCount ?? 0;
  }
  const checkRows = await byId(pool, 'SELECT id, body FROM citation_checks WHERE id = ANY($1)', source.checks.map((c) => c.id));
  reports.push(
    compare(
      'checks',
      source.checks.map((c) => [c.id, c]),
      new Map([...checkRows].map(([id, row]) => [id, row.body])),
      copied,
    ),
  );
  return reports;
}

const importKey = (offset: number) => `lowdb:results:${offset}`;

/** An audit record: its owner, its content hash, and the checksum of the audit's canonical JSON. */
function auditChecksum(accountId: string, hash: string, contentChecksum: string): string {
  return checksum({ account_id: accountId, hash, audit: contentChecksum });
}

/** Rows of `sql` (which selects `id` and takes the ids as $1), by id, a thousand ids per query. */
async function byId(pool: pg.Pool, sql: string, ids: string[]): Promise<Map<string, Record<string, any>>> {
  const found = new Map<string, Record<string, any>>();
  for (let i = 0; i < ids.length; i += 1000) {
    const { rows } = await pool.query<{ id: string }>(sql, [ids.slice(i, i + 1000)]);
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

function compare(collection: CollectionName, source: Array<[string, unknown]>, target: Map<string, unknown>, copied: number): CollectionReport {
  const sourceSums = new Map(source.map(([id, value]) => [id, checksum(value)]));
  const targetSums = new Map<string, string>();
  for (const [id] of source) if (target.has(id)) targetSums.set(id, checksum(target.get(id)));
  return compareSums(collection, sourceSums, targetSums, copied);
}

function compareSums(collection: CollectionName, source: Map<string, string>, target: Map<string, string>, copied: number): CollectionReport {
  const ids = [...source.keys()].sort();
  const mismatches = ids.filter((id) => source.get(id) !== target.get(id));
  return {
    collection,
    source: source.size,
    copied,
    verified: ids.length - mismatches.length,
    mismatches,
    sourceDigest: sha256(ids.map((id) => `${id} ${source.get(id)}\n`).join('')),
    targetDigest: sha256(ids.map((id) => `${id} ${target.get(id) ?? 'missing'}\n`).join('')),
  };
}
