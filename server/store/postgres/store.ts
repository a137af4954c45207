/**
 * The PostgreSQL store (DATABASE_URL): the same behaviour as the embedded lowdb store, shared by every
 * process that points at the database. Every write is one committed statement (or transaction) before
 * it resolves, so "acknowledged" means committed. Each resource is the file of its name beside this one
 * (accounts.ts, audits.ts, citations.ts, ...); this puts them together. Schema: migrations/.
 */
import type pg from 'pg';
import type { Audit } from '../../../shared/types/audit.js';
import type { AuditSummary } from '../../../shared/schema/api.js';
import type { Account, ApiKeyRecord, NewKeyInput, Plan } from '../contracts/accounts.js';
import type { AuditAnchor, AuditListPage, AuditListQuery, AuditRecord, PutAuditOutcome } from '../contracts/audits.js';
import type { BrandingStore } from '../contracts/branding.js';
import type { CitationStore } from '../contracts/citations.js';
import type { CrawlStore } from '../contracts/crawls.js';
import type { MonitorStore } from '../contracts/monitors.js';
import type { ProjectStore } from '../contracts/projects.js';
import type { ShareStore } from '../contracts/shares.js';
import type { Store } from '../contracts/store.js';
import type { WebhookStore } from '../contracts/webhooks.js';
import { PostgresAccountStore } from './accounts.js';
import { KeyCache } from './accounts-key-cache.js';
import { PostgresAuditStore } from './audits.js';
import { PostgresBrandingStore } from './branding.js';
import { PostgresCitationStore } from './citations.js';
import { PostgresCrawlStore } from './crawls.js';
import { migrate } from './infra/migrate.js';
import { createPool, LOCK_KEY_SQL } from './infra/pool.js';
import { PostgresMonitorStore } from './monitors.js';
import { PostgresProjectStore } from './projects.js';
import { PostgresShareStore } from './shares.js';
import { PostgresWebhookStore } from './webhooks.js';
import * as maintenance from './store-maintenance.js';
import type { AccountRecords, ExpiredRecords, StoreReadiness } from '../contracts/store-maintenance.js';

export interface PostgresStoreOptions {
  now?: () => Date;
  /** Connections this process may hold (default 10). */
  poolSize?: number;
  /** Apply missing schema migrations at open (default true). */
  migrate?: boolean;
  /** Remember keys between requests, invalidated by LISTEN/NOTIFY (default true; accounts-key-cache.ts). */
  cacheKeys?: boolean;
  applicationName?: string;
}

export class PostgresStore implements Store {
  readonly #citations: PostgresCitationStore;
  readonly #crawls: PostgresCrawlStore;
  readonly #projects: PostgresProjectStore;
  readonly #accounts: PostgresAccountStore;
  readonly #audits: PostgresAuditStore;
  #closing: Promise<void> | null = null;

  private constructor(
    readonly pool: pg.Pool,
    options: PostgresStoreOptions,
    private readonly keys: KeyCache | null,
  ) {
    this.#accounts = new PostgresAccountStore(pool, keys, () => options.now?.() ?? new Date());
    this.#audits = new PostgresAuditStore(pool);
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

  createAccount(input: { name: string; plan: Plan }): Promise<Account> {
    return this.#accounts.createAccount(input);
  }

  getAccount(id: string): Promise<Account | null> {
    return this.#accounts.getAccount(id);
  }

  listAccounts(): Promise<Account[]> {
    return this.#accounts.listAccounts();
  }

  createKey(input: NewKeyInput): Promise<ApiKeyRecord> {
    return this.#accounts.createKey(input);
  }

  findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    return this.#accounts.findKeyByHash(hash);
  }

  listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return this.#accounts.listKeys(accountId);
  }

  revokeKey(id: string): Promise<ApiKeyRecord | null> {
    return this.#accounts.revokeKey(id);
  }

  putAudit(accountId: string, audit: Audit, hash: string): Promise<PutAuditOutcome> {
    return this.#audits.putAudit(accountId, audit, hash);
  }

  getAuditJson(accountId: string, id: string): Promise<Buffer | null> {
    return this.#audits.getAuditJson(accountId, id);
  }

  getAuditRecord(accountId: string, id: string): Promise<AuditRecord | null> {
    return this.#audits.getAuditRecord(accountId, id);
  }

  listAudits(accountId: string, query: AuditListQuery): Promise<AuditListPage> {
    return this.#audits.listAudits(accountId, query);
  }

  earlierAudits(accountId: string, anchor: AuditAnchor, limit: number): Promise<AuditSummary[]> {
    return this.#audits.earlierAudits(accountId, anchor, limit);
  }

  countAudits(): Promise<number> {
    return this.#audits.countAudits();
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

  readiness(): Promise<StoreReadiness> {
    return maintenance.readiness(this.pool);
  }

  accountRecords(accountId: string): Promise<AccountRecords | null> {
    return maintenance.accountRecords(this.pool, accountId);
  }

  async deleteAccount(accountId: string): Promise<AccountRecords | null> {
    const hashes = (await this.#accounts.listKeys(accountId)).map((k) => k.hash);
    const deleted = await maintenance.deleteAccount(this.pool, accountId);
    this.#accounts.forgetAccount(accountId, hashes);
    return deleted;
  }

  expireBefore(before: Date): Promise<ExpiredRecords> {
    return maintenance.expireBefore(this.pool, before);
  }

  onceForDay(job: string, day: string, work: () => Promise<void>): Promise<boolean> {
    return maintenance.onceForDay(this.pool, job, day, work);
  }

  /** Lets running queries finish, then closes every connection. */
  close(): Promise<void> {
    this.#closing ??= Promise.all([this.keys?.close(), this.pool.end()]).then(() => undefined);
    return this.#closing;
  }
}
