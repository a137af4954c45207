/**
 * The PostgreSQL store (DATABASE_URL): the same behaviour as the embedded lowdb store, shared by every
 * process that points at the database. Every write is one committed statement (or transaction) before
 * it resolves, so "acknowledged" means committed. PUT idempotency rests on the primary key: two
 * processes racing on one audit id cannot both insert; the loser reads the winner's row and answers
 * identical or conflict, exactly as lowdb does. Schema: ./migrations.ts.
 */
import type pg from 'pg';
import type { Audit } from '../../../shared/types/audit.js';
import type { AuditSummary } from '../../../shared/schema/api.js';
import { AUDIT_ID } from '../../audits/audit-id.js';
import { randomBase62 } from '../../util/base62.js';
import type { CitationStore } from '../contracts/citations.js';
import { newKeyRecord, type Account, type ApiKeyRecord, type NewKeyInput, type Plan } from '../contracts/accounts.js';
import type { AuditAnchor, AuditListPage, AuditListQuery, AuditRecord, PutAuditOutcome } from '../contracts/audits.js';
import type { Store } from '../contracts/store.js';
import type { ProjectStore } from '../contracts/projects.js';
import { PostgresProjectStore } from './projects.js';
import { migrate } from './infra/migrate.js';
import { KEYS_CHANNEL, KeyCache } from './accounts-key-cache.js';
import { PostgresCitationStore } from './citations.js';
import type { CrawlStore } from '../contracts/crawls.js';
import { PostgresCrawlStore } from './crawls.js';
import type { BrandingStore } from '../contracts/branding.js';
import type { ShareStore } from '../contracts/shares.js';
import { PostgresBrandingStore } from './branding.js';
import { PostgresShareStore } from './shares.js';
import type { MonitorStore } from '../contracts/monitors.js';
import type { WebhookStore } from '../contracts/webhooks.js';
import { PostgresMonitorStore } from './monitors.js';
import { PostgresWebhookStore } from './webhooks.js';
import { createPool, LOCK_KEY_SQL } from './infra/pool.js';

export interface PostgresStoreOptions {
  now?: () => Date;
  /** Connections this process may hold (default 10). */
  poolSize?: number;
  /** Apply missing schema migrations at open (default true). */
  migrate?: boolean;
  /** Remember keys between requests, invalidated by LISTEN/NOTIFY (default true; key-cache.ts). */
  cacheKeys?: boolean;
  applicationName?: string;
}

const KEY_COLUMNS = 'id, account_id, name, prefix, hash, created_at, revoked_at, scope, expires_at';
const SUMMARY_COLUMNS = 'id::text AS id, url, final_url, score, builder, status, origin, scanned_at';

interface SummaryRow {
  id: string;
  url: string;
  final_url: string;
  score: number;
  builder: string;
  status: string;
  origin: string;
  scanned_at: string;
  scanned_ms: number;
}

export class PostgresStore implements Store {
  readonly #citations: PostgresCitationStore;
  readonly #crawls: PostgresCrawlStore;
  readonly #projects: PostgresProjectStore;
  /**
   * Accounts by id. An account never changes and is never deleted once created (the Store has no such
   * call), so remembering it is always correct, and saves a query on every authenticated request.
   */
  readonly #accounts = new Map<string, Account>();
  #closing: Promise<void> | null = null;

  private constructor(
    readonly pool: pg.Pool,
    private readonly options: PostgresStoreOptions,
    private readonly keys: KeyCache | null,
  ) {
    this.#citations = new PostgresCitationStore(pool);
    this.#crawls = new PostgresCrawlStore(pool);
    this.#projects = new PostgresProjectStore(pool);
  }

  static async open(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const pool = createPool(url, { max: options.poolSize, applicationName: options.applicationName });
    try {
      if (options.migrate ?? true) await migrate(pool);
      else await pool.query('SELECT 1');
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    const keys = (options.cacheKeys ?? true) ? new KeyCache(url) : null;
    await keys?.start();
    return new PostgresStore(pool, options, keys);
  }

  #now(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }

  /**
   * Runs `work` while no other process holds the same named lock (a session advisory lock on its own
   * connection): the first start's account creation, so two servers starting at once make one account.
   */
  async exclusive<T>(name: string, work: () => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query(`SELECT pg_advisory_lock(${LOCK_KEY_SQL})`, [`citable:${name}`]);
      try {
        return await work();
      } finally {
        await client.query(`SELECT pg_advisory_unlock(${LOCK_KEY_SQL})`, [`citable:${name}`]);
      }
    } finally {
      client.release();
    }
  }

  async createAccount(input: { name: string; plan: Plan }): Promise<Account> {
    const account: Account = { id: `acct_${randomBase62(12)}`, name: input.name, plan: input.plan, created_at: this.#now() };
    await this.pool.query('INSERT INTO accounts (id, name, plan, created_at) VALUES ($1, $2, $3, $4)', [
      account.id,
      account.name,
      account.plan,
      account.created_at,
    ]);
    this.#accounts.set(account.id, account);
    return account;
  }

  async getAccount(id: string): Promise<Account | null> {
    const known = this.#accounts.get(id);
    if (known) return { ...known };
    const { rows } = await this.pool.query<Account>({
      name: 'citable-get-account',
      text: 'SELECT id, name, plan, created_at FROM accounts WHERE id = $1',
      values: [id],
    });
    if (!rows[0]) return null;
    this.#accounts.set(id, account(rows[0]));
    return account(rows[0]);
  }

  async listAccounts(): Promise<Account[]> {
    const { rows } = await this.pool.query<Account>('SELECT id, name, plan, created_at FROM accounts ORDER BY seq');
    return rows.map(account);
  }

  async createKey(input: NewKeyInput): Promise<ApiKeyRecord> {
    const key = newKeyRecord(`key_${randomBase62(12)}`, input, this.#now());
    try {
      await this.pool.query(`INSERT INTO api_keys (${KEY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [
        key.id,
        key.account_id,
        key.name,
        key.prefix,
        key.hash,
        key.created_at,
        key.revoked_at,
        key.scope,
        key.expires_at,
      ]);
    } catch (error) {
      if ((error as { code?: string }).code === '23503') throw new Error(`no account ${input.account_id}`, { cause: error }); // foreign key
      throw error;
    }
    return key;
  }

  async findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    const cached = this.keys?.get(hash);
    if (cached) return cached;
    const generation = this.keys?.generation ?? 0;
    const { rows } = await this.pool.query<ApiKeyRecord>({
      name: 'citable-key-by-hash',
      text: `SELECT ${KEY_COLUMNS} FROM api_keys WHERE hash = $1`,
      values: [hash],
    });
    if (!rows[0]) return null;
    const key = apiKey(rows[0]);
    this.keys?.remember(key, generation);
    return key;
  }

  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    const { rows } = await this.pool.query<ApiKeyRecord>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE account_id = $1 ORDER BY seq`, [
      accountId,
    ]);
    return rows.map(apiKey);
  }

  /** Revokes and notifies every process that caches keys, in one statement (the notification leaves on commit). */
  async revokeKey(id: string): Promise<ApiKeyRecord | null> {
    const { rows } = await this.pool.query<ApiKeyRecord>(
      `WITH revoked AS (UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 RETURNING ${KEY_COLUMNS})
       SELECT revoked.*, pg_notify('${KEYS_CHANNEL}', revoked.hash) FROM revoked`,
      [id, this.#now()],
    );
    if (!rows[0]) return null;
    this.keys?.forget(rows[0].hash);
    return apiKey(rows[0]);
  }

  async putAudit(accountId: string, audit: Audit, hash: string): Promise<PutAuditOutcome> {
    if (!AUDIT_ID.test(audit.id)) throw new Error(`not an audit id: ${JSON.stringify(audit.id)}`);
    const scannedMs = Date.parse(audit.scanned_at);
    if (Number.isNaN(scannedMs)) throw new Error(`scanned_at is not a time: ${JSON.stringify(audit.scanned_at)}`);
    const inserted = await this.pool.query({
      name: 'citable-put-audit',
      text: `INSERT INTO audits (id, account_id, scanned_ms, scanned_at, url, final_url, score, builder, status, origin, hash, audit)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
             ON CONFLICT (id) DO NOTHING`,
      values: [
        audit.id,
        accountId,
        scannedMs,
        audit.scanned_at,
        audit.url,
        audit.final_url,
        audit.score,
        audit.builder,
        audit.status,
        audit.origin,
        hash,
        JSON.stringify(audit),
      ],
    });
    if (inserted.rowCount === 1) return 'created';
    // The id was taken (by us, by another account, or by another process a moment ago: ON CONFLICT
    // waited for its commit). Compare with what is stored.
    const { rows } = await this.pool.query<{ account_id: string; hash: string }>('SELECT account_id, hash FROM audits WHERE id = $1', [
      audit.id,
    ]);
    const existing = rows[0];
    return existing && existing.account_id === accountId && existing.hash === hash ? 'identical' : 'conflict';
  }

  async getAuditJson(accountId: string, id: string): Promise<Buffer | null> {
    if (!AUDIT_ID.test(id)) return null;
    const { rows } = await this.pool.query<{ json: string }>({
      name: 'citable-get-audit',
      text: 'SELECT audit::text AS json FROM audits WHERE id = $1 AND account_id = $2',
      values: [id, accountId],
    });
    return rows[0] ? Buffer.from(rows[0].json) : null;
  }

  async getAuditRecord(accountId: string, id: string): Promise<AuditRecord | null> {
    if (!AUDIT_ID.test(id)) return null;
    const { rows } = await this.pool.query<SummaryRow & { account_id: string; hash: string }>(
      `SELECT ${SUMMARY_COLUMNS}, scanned_ms, account_id, hash FROM audits WHERE id = $1 AND account_id = $2`,
      [id, accountId],
    );
    const row = rows[0];
    return row ? { ...summary(row), account_id: row.account_id, hash: row.hash } : null;
  }

  /** Newest first by (scanned_at, id), keyset-paginated: each page is one index range scan, however deep. */
  async listAudits(accountId: string, query: AuditListQuery): Promise<AuditListPage> {
    const values: unknown[] = [accountId, query.limit + 1];
    const where = ['account_id = $1'];
    if (query.after) {
      if (!AUDIT_ID.test(query.after.id)) return { audits: [], next: null };
      values.push(query.after.time, query.after.id);
      where.push(`(scanned_ms, id) < ($${values.length - 1}::bigint, $${values.length}::uuid)`);
    }
    if (query.url !== undefined) {
      values.push(query.url);
      const p = `$${values.length}`;
      where.push(`((md5(url) = md5(${p}) AND url = ${p}) OR (md5(final_url) = md5(${p}) AND final_url = ${p}))`);
    }
    const { rows } = await this.pool.query<SummaryRow>(
      `SELECT ${SUMMARY_COLUMNS}, scanned_ms FROM audits WHERE ${where.join(' AND ')} ORDER BY scanned_ms DESC, audits.id DESC LIMIT $2`,
      values,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return { audits: page.map(summary), next: rows.length > query.limit && last ? { time: last.scanned_ms, id: last.id } : null };
  }

  /** Store.earlierAudits: one keyset range scan of the newest-first index, filtered by the md5 of either URL. */
  async earlierAudits(accountId: string, anchor: AuditAnchor, limit: number): Promise<AuditSummary[]> {
    const time = Date.parse(anchor.scanned_at);
    if (!AUDIT_ID.test(anchor.id) || Number.isNaN(time)) return [];
    const { rows } = await this.pool.query<SummaryRow>({
      name: 'citable-earlier-audits',
      text: `SELECT ${SUMMARY_COLUMNS}, scanned_ms FROM audits
             WHERE account_id = $1 AND (scanned_ms, id) < ($2::bigint, $3::uuid)
               AND ((md5(url) IN (md5($4), md5($5)) AND url IN ($4, $5)) OR (md5(final_url) IN (md5($4), md5($5)) AND final_url IN ($4, $5)))
             ORDER BY scanned_ms DESC, audits.id DESC LIMIT $6`,
      values: [accountId, time, anchor.id, anchor.url, anchor.final_url, limit],
    });
    return rows.map(summary);
  }

  async countAudits(): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>('SELECT count(*)::bigint AS n FROM audits');
    return rows[0]!.n;
  }

  async projects(): Promise<ProjectStore> {
    return this.#projects;
  }

  async citations(): Promise<CitationStore> {
    return this.#citations;
  }

  async crawls(): Promise<CrawlStore> {
    return this.#crawls;
  }

  async branding(): Promise<BrandingStore> {
    return new PostgresBrandingStore(this.pool);
  }

  async shares(): Promise<ShareStore> {
    return new PostgresShareStore(this.pool);
  }

  async monitors(): Promise<MonitorStore> {
    return new PostgresMonitorStore(this.pool);
  }

  async webhooks(): Promise<WebhookStore> {
    return new PostgresWebhookStore(this.pool);
  }

  /** Lets running queries finish, then closes every connection. */
  close(): Promise<void> {
    this.#closing ??= Promise.all([this.keys?.close(), this.pool.end()]).then(() => undefined);
    return this.#closing;
  }
}

function account(row: Account): Account {
  return { id: row.id, name: row.name, plan: row.plan, created_at: row.created_at };
}

function apiKey(row: ApiKeyRecord): ApiKeyRecord {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    prefix: row.prefix,
    hash: row.hash,
    created_at: row.created_at,
    revoked_at: row.revoked_at,
    scope: row.scope,
    expires_at: row.expires_at,
  };
}

function summary(row: SummaryRow): AuditSummary {
  return {
    id: row.id,
    url: row.url,
    final_url: row.final_url,
    score: row.score,
    builder: row.builder,
    status: row.status as AuditSummary['status'],
    origin: row.origin as AuditSummary['origin'],
    scanned_at: row.scanned_at,
  };
}
