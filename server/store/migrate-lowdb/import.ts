/**
 * Copies a lowdb data directory into PostgreSQL and proves the copy (`citable migrate`). Idempotent: every
 * record keeps its id (citation rows: their journal offset as import_key) and is inserted with
 * ON CONFLICT DO NOTHING, so a second run copies nothing new and duplicates nothing; the citation rollups
 * are rebuilt only where they differ (import-rollups.ts). Verification reads every record back and
 * compares checksums (import-verify.ts). Collections go in an order that satisfies the foreign keys
 * (keys after accounts, deliveries after their webhook and event).
 *
 * The outbox: events and deliveries keep their ids, states, attempts, logs and due times. A pending
 * delivery stays pending with no lease (lowdb's leases live in the stopped server's memory), so the first
 * PostgreSQL server sends it at its due time with the same event id: at least once, as the contract says
 * (a send the lowdb server made just before it stopped, without recording it, may reach the receiver
 * twice; receivers dedupe by event id).
 */
import type pg from 'pg';
import { PERIOD_MS } from '../contracts/monitors.js';
import { importAudits } from './audits.js';
import { importCrawls } from './crawls.js';
import { importCitationRows } from './citations.js';
import { importRollups } from './citations-rollups.js';
import { byId, compare, type CollectionName, type CollectionReport, type Row } from './verify.js';
import type { LowdbSource } from './read.js';

export type { CollectionName, CollectionReport } from './verify.js';

export async function importLowdb(
  pool: pg.Pool,
  source: LowdbSource,
  onProgress: (message: string) => void = () => undefined,
): Promise<CollectionReport[]> {
  const accountIds = new Set(source.accounts.map((a) => a.id));
  const { projects, branding, shares, monitors, webhooks, events, deliveries } = source.collections;
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
        params: accountIds.has(k.account_id)
          ? [k.id, k.account_id, k.name, k.prefix, k.hash, k.created_at, k.revoked_at, k.scope, k.expires_at]
          : null,
      })),
      insert:
        'INSERT INTO api_keys (id, account_id, name, prefix, hash, created_at, revoked_at, scope, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING',
      select: 'SELECT id, account_id, name, prefix, hash, created_at, revoked_at, scope, expires_at FROM api_keys WHERE id = ANY($1)',
      stored: (row) => row,
    }),
    await importAudits(pool, source, onProgress),
    // Site audits after the audits their pages point to (by crawl_id in each page audit, copied with it).
    ...(await importCrawls(pool, source.crawls, onProgress)),
    // Projects oldest first: PostgreSQL lists them in insert order, as lowdb does.
    await copyEach(pool, {
      collection: 'projects',
      records: projects.map((p) => ({ id: p.id, value: p, params: [p.id, p.account_id, JSON.stringify(p)] })),
      insert: 'INSERT INTO projects (id, account_id, project) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
      select: 'SELECT id, project FROM projects WHERE id = ANY($1)',
      stored: (row) => row.project,
    }),
    // Prompts, deleted ones included (their rows stay, hidden from listings, as in lowdb).
    await copyEach(pool, {
      collection: 'prompts',
      records: source.prompts.map(({ prompt, deleted_at }) => ({
        id: prompt.id,
        value: { prompt, deleted_at, project_id: prompt.project_id ?? null },
        params: [
          prompt.id,
          prompt.account_id,
          prompt.domain,
          prompt.text,
          Date.parse(prompt.created_at),
          deleted_at,
          JSON.stringify(prompt),
          prompt.project_id ?? null,
        ],
      })),
      insert:
        'INSERT INTO prompts (id, account_id, domain, text, created_ms, deleted_at, prompt, project_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING',
      select: 'SELECT id, prompt, deleted_at, project_id FROM prompts WHERE id = ANY($1)',
      stored: (row) => ({ prompt: row.prompt, deleted_at: row.deleted_at, project_id: row.project_id }),
    }),
    ...(await importCitationRows(pool, source, onProgress)),
    await importRollups(pool, source),
    // Checks: their latest state.
    await copyEach(pool, {
      collection: 'checks',
      records: source.checks.map((c) => ({ id: c.id, value: c, params: [c.id, c.account_id, c.status, JSON.stringify(c)] })),
      insert: 'INSERT INTO citation_checks (id, account_id, status, body) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING',
      select: 'SELECT id, body FROM citation_checks WHERE id = ANY($1)',
      stored: (row) => row.body,
    }),
    await copyEach(pool, {
      collection: 'branding',
      records: branding.map((b) => ({ id: b.account_id, value: b, params: [b.account_id, JSON.stringify(b)] })),
      insert: 'INSERT INTO report_branding (account_id, body) VALUES ($1, $2) ON CONFLICT (account_id) DO NOTHING',
      select: 'SELECT account_id AS id, body FROM report_branding WHERE account_id = ANY($1)',
      stored: (row) => row.body,
    }),
    await copyEach(pool, {
      collection: 'shares',
      records: shares.map((s) => ({
        id: s.id,
        value: s,
        params: [
          s.id,
          s.account_id,
          s.kind,
          s.target_id,
          s.token_hash,
          s.created_at,
          s.expires_at,
          s.revoked_at,
          Date.parse(s.created_at),
          Date.parse(s.expires_at),
        ],
      })),
      insert: `INSERT INTO report_shares (id, account_id, kind, target_id, token_hash, created_at, expires_at, revoked_at, created_ms, expires_ms)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
      select:
        'SELECT id, account_id, kind, target_id, token_hash, created_at, expires_at, revoked_at FROM report_shares WHERE id = ANY($1)',
      stored: (row) => row,
    }),
    // Monitors as they stand, leases included: a lease the stopped server left runs out on its own, then the run starts again.
    await copyEach(pool, {
      collection: 'monitors',
      records: monitors.map((m) => ({
        id: m.id,
        value: m,
        params: [
          m.id,
          m.account_id,
          m.url,
          m.kind,
          m.every,
          m.max_pages,
          m.created_at,
          m.next_run_ms,
          m.run_requested_ms,
          m.lease_until_ms,
          m.last_run_at,
          m.last_result_id,
          m.last_error,
          m.paused_at,
          PERIOD_MS[m.every],
        ],
      })),
      insert: `INSERT INTO monitors (id, account_id, url, kind, every, max_pages, created_at, next_run_ms, run_requested_ms, lease_until_ms, last_run_at, last_result_id, last_error, paused_at, period_ms)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (id) DO NOTHING`,
      select: `SELECT id, account_id, url, kind, every, max_pages, created_at, next_run_ms, run_requested_ms, lease_until_ms, last_run_at, last_result_id, last_error, paused_at
               FROM monitors WHERE id = ANY($1)`,
      stored: (row) => row,
    }),
    // Webhooks with their signing secrets: receivers keep verifying with the secret they have.
    await copyEach(pool, {
      collection: 'webhooks',
      records: webhooks.map((w) => ({
        id: w.id,
        value: w,
        params: [w.id, w.account_id, w.url, w.events, w.format, w.secret, w.created_at, w.disabled_at, w.disabled_reason, w.gone_streak],
      })),
      insert: `INSERT INTO webhooks (id, account_id, url, events, format, secret, created_at, disabled_at, disabled_reason, gone_streak)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
      select:
        'SELECT id, account_id, url, events, format, secret, created_at, disabled_at, disabled_reason, gone_streak FROM webhooks WHERE id = ANY($1)',
      stored: (row) => row,
    }),
    // Events with their dedupe keys: an audit synced again after the move makes no second event.
    await copyEach(pool, {
      collection: 'webhook_events',
      records: events.map((e) => ({
        id: e.id,
        value: e,
        params: [e.id, e.account_id, e.type, e.created_at, e.dedupe_key, JSON.stringify(e.data)],
      })),
      insert:
        'INSERT INTO webhook_events (id, account_id, type, created_at, dedupe_key, data) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING',
      select: 'SELECT id, account_id, type, created_at, data, dedupe_key FROM webhook_events WHERE id = ANY($1)',
      stored: (row) => row,
    }),
    await copyEach(pool, {
      collection: 'webhook_deliveries',
      records: deliveries.map((d) => ({
        id: d.id,
        value: d,
        params: [
          d.id,
          d.webhook_id,
          d.account_id,
          d.event_id,
          d.type,
          d.status,
          d.attempts,
          d.last_status_code,
          d.next_attempt_ms,
          d.created_at,
          Date.parse(d.created_at),
          d.last_attempt_at,
          d.last_error,
          JSON.stringify(d.log),
        ],
      })),
      insert: `INSERT INTO webhook_deliveries (id, webhook_id, account_id, event_id, type, status, attempts, last_status_code, next_attempt_ms, created_at, created_ms, last_attempt_at, last_error, log)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (id) DO NOTHING`,
      select: `SELECT id, webhook_id, account_id, event_id, type, status, attempts, last_status_code, next_attempt_ms, created_at, last_attempt_at, last_error, log
               FROM webhook_deliveries WHERE id = ANY($1)`,
      stored: (row) => row,
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
  const rows = await byId(
    pool,
    copy.select,
    copy.records.map((r) => r.id),
  );
  return compare(
    copy.collection,
    copy.records.map((r) => [r.id, r.value]),
    new Map([...rows].map(([id, row]) => [id, copy.stored(row)])),
    copied,
  );
}
