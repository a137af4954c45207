/**
 * The PostgreSQL side of store maintenance (contracts/store-maintenance.ts): readiness from the database
 * and its schema version, an account's records counted and deleted in one transaction, retention in
 * batches (each batch one transaction that takes its rows' tallies off the rollups), and once-a-day jobs
 * under an advisory lock with a row per job and day (migration 14).
 */
import type pg from 'pg';
import { MIGRATIONS } from './migrations/index.js';
import { applyTallies, dropScope } from './citations-rollups.js';
import { inTransaction, LOCK_KEY_SQL } from './infra/pool.js';
import { KEYS_CHANNEL } from './accounts-key-cache.js';
import { scopeOf, tallyOfRow, type RowTally } from '../rollup/row-tally.js';
import { upgradeRow } from '../contracts/citations-upgrade.js';
import type { StoredCitationRow } from '../contracts/citations.js';
import type { AccountRecords, ExpiredRecords, StoreReadiness } from '../contracts/store-maintenance.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

const READY_TIMEOUT_MS = 2_000;
/** Citation rows removed per transaction by retention. */
const EXPIRE_BATCH = 1_000;

export async function readiness(pool: pg.Pool): Promise<StoreReadiness> {
  const latest = Math.max(...MIGRATIONS.map((m) => m.version));
  try {
    const { rows } = await withTimeout(
      pool.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations'),
      READY_TIMEOUT_MS,
      `no answer from PostgreSQL within ${READY_TIMEOUT_MS} ms`,
    );
    const version = rows[0]?.version ?? 0;
    return {
      store: { ok: true, detail: 'PostgreSQL answers' },
      migrations:
        version === latest
          ? { ok: true, detail: `schema version ${version}` }
          : {
              ok: false,
              detail: `schema version ${version}, this version of Citable needs ${latest}: a server of this version applies the migrations when it starts`,
            },
    };
  } catch (error) {
    const detail = `PostgreSQL: ${(error as Error).message}`;
    return { store: { ok: false, detail }, migrations: { ok: false, detail: 'unknown: the database did not answer' } };
  }
}

/** The account's scopes of citation rollups: its projects and the account itself (rows without a project). */
async function scopesOf(db: Queryable, accountId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM projects WHERE account_id = $1', [accountId]);
  return [scopeOf(accountId, null), ...rows.map((r) => r.id)];
}

const COUNTS: Array<[keyof AccountRecords, string]> = [
  ['keys', 'SELECT count(*) FROM api_keys WHERE account_id = $1'],
  ['audits', 'SELECT count(*) FROM audits WHERE account_id = $1'],
  ['crawls', 'SELECT count(*) FROM crawls WHERE account_id = $1'],
  ['shares', 'SELECT count(*) FROM report_shares WHERE account_id = $1'],
  ['branding', 'SELECT count(*) FROM report_branding WHERE account_id = $1'],
  ['monitors', 'SELECT count(*) FROM monitors WHERE account_id = $1'],
  ['webhooks', 'SELECT count(*) FROM webhooks WHERE account_id = $1'],
  ['webhook_events', 'SELECT count(*) FROM webhook_events WHERE account_id = $1'],
  ['projects', 'SELECT count(*) FROM projects WHERE account_id = $1'],
  ['prompts', 'SELECT count(*) FROM prompts WHERE account_id = $1'],
  ['citation_rows', 'SELECT count(*) FROM citation_results WHERE account_id = $1'],
  ['citation_checks', 'SELECT count(*) FROM citation_checks WHERE account_id = $1'],
];

export async function accountRecords(db: Queryable, accountId: string): Promise<AccountRecords | null> {
  const found = await db.query('SELECT 1 FROM accounts WHERE id = $1', [accountId]);
  if (found.rowCount === 0) return null;
  const counts = { traffic_rollups: await countTrafficRollups(db, accountId) } as AccountRecords;
  for (const [name, sql] of COUNTS) counts[name] = Number((await db.query<{ count: string }>(sql, [accountId])).rows[0]!.count);
  return counts;
}

/** The account's projects with traffic: every rollup comes from an ingest of the account. */
const TRAFFIC_PROJECTS = 'SELECT DISTINCT project_id FROM traffic_ingests WHERE account_id = $1';

/** The daily traffic rollups of the account's projects (migrations/0016-traffic.ts). */
async function countTrafficRollups(db: Queryable, accountId: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>(`SELECT count(*) FROM traffic_days WHERE project_id IN (${TRAFFIC_PROJECTS})`, [
    accountId,
  ]);
  return Number(rows[0]!.count);
}

/** Removes the account's traffic: daily rollups, fetched-page bits, then the ingests. */
async function deleteTrafficRollups(db: Queryable, accountId: string): Promise<void> {
  for (const table of ['traffic_days', 'traffic_pages', 'traffic_blocks', 'traffic_block_projects'])
    await db.query(`DELETE FROM ${table} WHERE project_id IN (${TRAFFIC_PROJECTS})`, [accountId]);
  await db.query('DELETE FROM traffic_ingests WHERE account_id = $1', [accountId]);
}

/**
 * Removes the daily traffic rollups of days before `beforeMs` (UTC). The projects that lost days lose their blocks
 * of days too (a block may hold days on both sides of the cut); they are built again when next asked for.
 */
async function expireTrafficRollups(db: Queryable, beforeMs: number): Promise<number> {
  const day = new Date(beforeMs).toISOString().slice(0, 10);
  const { rows } = await db.query<{ project_id: string }>('DELETE FROM traffic_days WHERE day < $1 RETURNING project_id', [day]);
  const projects = [...new Set(rows.map((r) => r.project_id))];
  for (const table of ['traffic_blocks', 'traffic_block_projects'])
    await db.query(`DELETE FROM ${table} WHERE project_id = ANY($1::text[])`, [projects]);
  return rows.length;
}

/** Every row of the account, in one transaction; every process forgets its cached keys (NOTIFY). */
export async function deleteAccount(pool: pg.Pool, accountId: string): Promise<AccountRecords | null> {
  return inTransaction(pool, async (client) => {
    // Lock the account row first: a concurrent deletion waits, then finds nothing.
    const found = await client.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    if (found.rowCount === 0) return null;
    const counts = (await accountRecords(client, accountId))!;
    const promptIds = (await client.query<{ id: string }>('SELECT id FROM prompts WHERE account_id = $1', [accountId])).rows.map(
      (r) => r.id,
    );
    for (const scope of await scopesOf(client, accountId)) await dropScope(client, scope);
    await deleteTrafficRollups(client, accountId);
    for (const sql of [
      'DELETE FROM webhook_deliveries WHERE account_id = $1',
      'DELETE FROM webhook_events WHERE account_id = $1',
      'DELETE FROM webhooks WHERE account_id = $1',
      'DELETE FROM monitors WHERE account_id = $1',
      'DELETE FROM report_shares WHERE account_id = $1',
      'DELETE FROM report_branding WHERE account_id = $1',
      'DELETE FROM crawls WHERE account_id = $1', // their URLs go with them (ON DELETE CASCADE)
      'DELETE FROM audits WHERE account_id = $1',
      'DELETE FROM citation_results WHERE account_id = $1',
      'DELETE FROM citation_checks WHERE account_id = $1',
      'DELETE FROM prompts WHERE account_id = $1',
      'DELETE FROM projects WHERE account_id = $1',
      'DELETE FROM api_keys WHERE account_id = $1',
      'DELETE FROM accounts WHERE id = $1',
    ])
      await client.query(sql, [accountId]);
    await forgetPromptsInSharedChecks(client, promptIds);
    await client.query(`SELECT pg_notify('${KEYS_CHANNEL}', '*')`); // cached keys of the account are dropped everywhere
    return counts;
  });
}

/** The scheduler's checks (no account) list the pairs they ran: the deleted prompts leave those lists. */
async function forgetPromptsInSharedChecks(db: Queryable, promptIds: readonly string[]): Promise<void> {
  if (promptIds.length === 0) return;
  const gone = new Set(promptIds);
  const { rows } = await db.query<{ id: string; body: { pairs: Array<{ prompt_id: string }> } }>(
    `SELECT id, body FROM citation_checks WHERE account_id IS NULL
       AND EXISTS (SELECT 1 FROM json_array_elements(body->'pairs') p WHERE p->>'prompt_id' = ANY($1))`,
    [promptIds],
  );
  for (const { id, body } of rows) {
    const pairs = body.pairs.filter((p) => !gone.has(p.prompt_id));
    await db.query('UPDATE citation_checks SET body = $2 WHERE id = $1', [id, JSON.stringify({ ...body, pairs })]);
  }
}

export async function expireBefore(pool: pg.Pool, before: Date): Promise<ExpiredRecords> {
  const beforeMs = before.getTime();
  const audits = (await pool.query('DELETE FROM audits WHERE scanned_ms < $1', [beforeMs])).rowCount ?? 0;
  let rows = 0;
  for (;;) {
    const removed = await inTransaction(pool, (client) => expireRowBatch(client, beforeMs));
    rows += removed;
    if (removed < EXPIRE_BATCH) break;
  }
  // Days whose every row expired are left at zero by the subtraction: they go, as they never were.
  await pool.query(
    `DELETE FROM citation_rollup_days WHERE day < $1::date + 1 AND runs = 0 AND visible = 0 AND mentioned = 0 AND cited = 0
       AND position_count = 0`,
    [before.toISOString().slice(0, 10)],
  );
  const traffic = await inTransaction(pool, (client) => expireTrafficRollups(client, beforeMs));
  return { audits, citation_rows: rows, traffic_rollups: traffic };
}

/** One batch of expired citation rows: the tallies of those still counted leave the rollups, then the rows go. */
async function expireRowBatch(client: pg.PoolClient, beforeMs: number): Promise<number> {
  const { rows } = await client.query<{ seq: number; result: StoredCitationRow; tally: RowTally | null; live: boolean }>(
    `SELECT r.seq, r.result, r.tally, (p.deleted_at IS NULL) AS live
       FROM citation_results r LEFT JOIN prompts p ON p.id = r.prompt_id
      WHERE r.checked_ms < $1 ORDER BY r.seq LIMIT ${EXPIRE_BATCH} FOR UPDATE OF r`,
    [beforeMs],
  );
  if (rows.length === 0) return 0;
  // Rows of a deleted prompt left the rollups when it was deleted; not_configured rows never entered them.
  const tallies = rows
    .filter((r) => r.live)
    .map((r) => ({ row: upgradeRow(r.result), tally: r.tally }))
    .filter(({ row }) => row.status !== 'not_configured')
    .map(({ row, tally }) => tally ?? tallyOfRow(row));
  await applyTallies(client, tallies, -1);
  await client.query('DELETE FROM citation_results WHERE seq = ANY($1)', [rows.map((r) => r.seq)]);
  return rows.length;
}

export async function onceForDay(pool: pg.Pool, job: string, day: string, work: () => Promise<void>): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    // Held until this transaction ends: a second process waits here, then finds the day's row.
    await client.query(`SELECT pg_advisory_xact_lock(${LOCK_KEY_SQL})`, [`citable:daily:${job}`]);
    const done = await client.query('SELECT 1 FROM maintenance_runs WHERE job = $1 AND day = $2', [job, day]);
    if ((done.rowCount ?? 0) > 0) return false;
    await work();
    await client.query('INSERT INTO maintenance_runs (job, day) VALUES ($1, $2)', [job, day]);
    return true;
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
