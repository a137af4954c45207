/**
 * The embedded store: everything under one data directory.
 *   accounts.json     accounts and key hashes (lowdb, atomic + fsynced writes, shared with the CLI)
 *   audits/xx/<id>.json  one file per audit
 *   audits.journal    append-only index of the audits, loaded into memory at start
 * The audit half opens on first use, so the CLI (accounts and keys only) never touches it.
 */
import { mkdir } from 'node:fs/promises';
import type { Audit } from '../../../shared/types/audit.js';
import { newKeyRecord, type Account, type ApiKeyRecord, type NewKeyInput, type Plan } from '../contracts/accounts.js';
import type { AuditAnchor, AuditListPage, AuditListQuery, AuditRecord, PutAuditOutcome } from '../contracts/audits.js';
import type { Store } from '../contracts/store.js';
import type { AuditSummary } from '../../../shared/schema/api.js';
import { randomBase62 } from '../../util/base62.js';
import { AccountsDb } from './accounts.js';
import { AuditCollection, type AuditCollectionOptions } from './audits.js';
import type { CitationStore } from '../contracts/citations.js';
import { LowdbCitationStore } from './citations.js';
import type { CrawlStore } from '../contracts/crawls.js';
import { LowdbCrawlStore } from './crawls.js';
import type { BrandingStore } from '../contracts/branding.js';
import type { ShareStore } from '../contracts/shares.js';
import { LowdbBrandingStore } from './branding.js';
import { LowdbShareStore } from './shares.js';
import type { MonitorStore } from '../contracts/monitors.js';
import type { WebhookStore } from '../contracts/webhooks.js';
import { LowdbMonitorStore } from './monitors.js';
import { LowdbWebhookStore } from './webhooks.js';
import type { ProjectStore } from '../contracts/projects.js';
import { LowdbProjectStore } from './projects.js';

/** The collections kept in journals besides the audits (whose journal reports through `onDroppedLines`). */
export type JournalCollection = 'citations' | 'crawls' | 'projects' | 'shares' | 'webhooks';

/** Unreadable lines of one journal, skipped when it was opened: which collection, which file, how many. */
export interface JournalDamage {
  collection: JournalCollection;
  file: string;
  count: number;
}

export interface LowdbStoreOptions extends AuditCollectionOptions {
  now?: () => Date;
  /**
   * A collection's journal had unreadable lines (a torn tail, or damage), skipped at open: DATA_DIR/citations/*.journal
   * (projects.journal is the projects'), crawls/ (crawls.journal and each crawl's events), reports/shares.journal,
   * webhooks/outbox.journal. Each store reports as its own collection, with the file.
   */
  onDroppedJournalLines?: (damage: JournalDamage) => void;
  /** The CLI: read the webhook outbox, never write it (the server owns it). */
  readOnlyOutbox?: boolean;
}

export class LowdbStore implements Store {
  #audits: Promise<AuditCollection> | null = null;
  #citations: Promise<CitationStore> | null = null;
  #crawls: Promise<CrawlStore> | null = null;
  #branding: Promise<BrandingStore> | null = null;
  #shares: Promise<ShareStore> | null = null;
  #monitors: Promise<MonitorStore> | null = null;
  #webhooks: Promise<WebhookStore> | null = null;
  #projects: Promise<LowdbProjectStore> | null = null;

  private constructor(
    readonly dataDir: string,
    private readonly accounts: AccountsDb,
    private readonly options: LowdbStoreOptions,
  ) {}

  static async open(dataDir: string, options: LowdbStoreOptions = {}): Promise<LowdbStore> {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    return new LowdbStore(dataDir, await AccountsDb.open(dataDir), options);
  }

  #now(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }

  createAccount(input: { name: string; plan: Plan }): Promise<Account> {
    const account: Account = { id: `acct_${randomBase62(12)}`, name: input.name, plan: input.plan, created_at: this.#now() };
    return this.accounts.mutate((data) => {
      data.accounts.push(account);
      return account;
    });
  }

  getAccount(id: string): Promise<Account | null> {
    return this.accounts.account(id);
  }

  async listAccounts(): Promise<Account[]> {
    return [...(await this.accounts.current()).accounts];
  }

  createKey(input: NewKeyInput): Promise<ApiKeyRecord> {
    const key = newKeyRecord(`key_${randomBase62(12)}`, input, this.#now());
    return this.accounts.mutate((data) => {
      if (!data.accounts.some((a) => a.id === input.account_id)) throw new Error(`no account ${input.account_id}`);
      data.keys.push(key);
      return key;
    });
  }

  findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    return this.accounts.keyByHash(hash);
  }

  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return (await this.accounts.current()).keys.filter((k) => k.account_id === accountId);
  }

  revokeKey(id: string): Promise<ApiKeyRecord | null> {
    const revokedAt = this.#now();
    return this.accounts.mutate((data) => {
      const key = data.keys.find((k) => k.id === id);
      if (key) key.revoked_at ??= revokedAt;
      return key ?? null;
    });
  }

  async putAudit(accountId: string, audit: Audit, hash: string): Promise<PutAuditOutcome> {
    return (await this.#auditCollection()).put(accountId, audit, hash);
  }

  async getAuditJson(accountId: string, id: string): Promise<Buffer | null> {
    return (await this.#auditCollection()).json(accountId, id);
  }

  async getAuditRecord(accountId: string, id: string): Promise<AuditRecord | null> {
    return (await this.#auditCollection()).record(accountId, id);
  }

  async listAudits(accountId: string, query: AuditListQuery): Promise<AuditListPage> {
    return (await this.#auditCollection()).list(accountId, query);
  }

  async earlierAudits(accountId: string, anchor: AuditAnchor, limit: number): Promise<AuditSummary[]> {
    return (await this.#auditCollection()).earlier(accountId, anchor, limit);
  }

  async countAudits(): Promise<number> {
    return (await this.#auditCollection()).size;
  }

  citations(): Promise<CitationStore> {
    this.#citations ??= LowdbCitationStore.open(this.dataDir, { onDroppedLines: this.#dropped('citations') });
    return this.#citations;
  }

  crawls(): Promise<CrawlStore> {
    this.#crawls ??= LowdbCrawlStore.open(this.dataDir, { onDroppedLines: this.#dropped('crawls') });
    return this.#crawls;
  }

  branding(): Promise<BrandingStore> {
    this.#branding ??= LowdbBrandingStore.open(this.dataDir);
    return this.#branding;
  }

  shares(): Promise<ShareStore> {
    this.#shares ??= LowdbShareStore.open(this.dataDir, { onDroppedLines: this.#dropped('shares') });
    return this.#shares;
  }

  monitors(): Promise<MonitorStore> {
    this.#monitors ??= LowdbMonitorStore.open(this.dataDir);
    return this.#monitors;
  }

  webhooks(): Promise<WebhookStore> {
    this.#webhooks ??= LowdbWebhookStore.open(this.dataDir, {
      readOnlyOutbox: this.options.readOnlyOutbox,
      onDroppedLines: this.#dropped('webhooks'),
      ...(this.options.now ? { now: () => this.options.now!().getTime() } : {}),
    });
    return this.#webhooks;
  }

  projects(): Promise<ProjectStore> {
    this.#projects ??= LowdbProjectStore.open(this.dataDir, { onDroppedLines: this.#dropped('projects') });
    return this.#projects;
  }

  async close(): Promise<void> {
    if (this.#audits) await (await this.#audits).close();
    if (this.#citations) await (await this.#citations).close();
    if (this.#crawls) await (await this.#crawls).close();
    if (this.#branding) await (await this.#branding).close();
    if (this.#shares) await (await this.#shares).close();
    if (this.#monitors) await (await this.#monitors).close();
    if (this.#webhooks) await (await this.#webhooks).close();
    if (this.#projects) await (await this.#projects).close();
  }

  /** The dropped-lines callback a collection's store is opened with: reports as that collection. */
  #dropped(collection: JournalCollection): (file: string, count: number) => void {
    return (file, count) => this.options.onDroppedJournalLines?.({ collection, file, count });
  }

  #auditCollection(): Promise<AuditCollection> {
    this.#audits ??= AuditCollection.open(this.dataDir, this.options);
    return this.#audits;
  }
}
