/**
 * The embedded store: everything under one data directory, each resource in the file of its name beside
 * this one (accounts.ts, audits.ts, citations.ts, ...), what several share in infra/.
 *   accounts.json     accounts and key hashes (lowdb, atomic + fsynced writes, shared with the CLI)
 *   audits/xx/<id>.json  one file per audit
 *   audits.journal    append-only index of the audits, loaded into memory at start
 *   citations/, crawls/, reports/, webhooks/, monitors.json   the other resources (see their files)
 * Everything but the accounts opens on first use: the CLI's accounts and keys commands touch nothing else.
 */
import { mkdir } from 'node:fs/promises';
import type { Audit } from '../../../shared/types/audit.js';
import type { Account, ApiKeyRecord, NewKeyInput, Plan } from '../contracts/accounts.js';
import type { AuditAnchor, AuditListPage, AuditListQuery, AuditRecord, PutAuditOutcome } from '../contracts/audits.js';
import type { Store } from '../contracts/store.js';
import type { AuditSummary } from '../../../shared/schema/api.js';
import { LowdbAccountStore } from './accounts.js';
import { LowdbAuditStore, type LowdbAuditStoreOptions } from './audits.js';
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
import type { TrafficStore } from '../contracts/traffic.js';
import { LowdbTrafficStore } from './traffic.js';

/** The collections kept in journals besides the audits (whose journal reports through `onDroppedLines`). */
export type JournalCollection = 'citations' | 'crawls' | 'projects' | 'shares' | 'traffic' | 'webhooks';

/** Unreadable lines of one journal, skipped when it was opened: which collection, which file, how many. */
export interface JournalDamage {
  collection: JournalCollection;
  file: string;
  count: number;
}

export interface LowdbStoreOptions extends LowdbAuditStoreOptions {
  now?: () => Date;
  /**
   * A collection's journal had unreadable lines (a torn tail, or damage), skipped at open: DATA_DIR/citations/*.journal
   * (projects.journal is the projects'), crawls/ (crawls.journal and each crawl's events), reports/shares.journal,
   * webhooks/outbox.journal, traffic/traffic.journal. Each store reports as its own collection, with the file.
   */
  onDroppedJournalLines?: (damage: JournalDamage) => void;
  /** The CLI: read the webhook outbox, never write it (the server owns it). */
  readOnlyOutbox?: boolean;
}

export class LowdbStore implements Store {
  #audits: Promise<LowdbAuditStore> | null = null;
  #citations: Promise<CitationStore> | null = null;
  #crawls: Promise<CrawlStore> | null = null;
  #branding: Promise<BrandingStore> | null = null;
  #shares: Promise<ShareStore> | null = null;
  #monitors: Promise<MonitorStore> | null = null;
  #webhooks: Promise<WebhookStore> | null = null;
  #projects: Promise<LowdbProjectStore> | null = null;
  #traffic: Promise<TrafficStore> | null = null;

  private constructor(
    readonly dataDir: string,
    private readonly accounts: LowdbAccountStore,
    private readonly options: LowdbStoreOptions,
  ) {}

  static async open(dataDir: string, options: LowdbStoreOptions = {}): Promise<LowdbStore> {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    return new LowdbStore(dataDir, await LowdbAccountStore.open(dataDir, () => options.now?.() ?? new Date()), options);
  }

  createAccount(input: { name: string; plan: Plan }): Promise<Account> {
    return this.accounts.createAccount(input);
  }

  getAccount(id: string): Promise<Account | null> {
    return this.accounts.getAccount(id);
  }

  listAccounts(): Promise<Account[]> {
    return this.accounts.listAccounts();
  }

  createKey(input: NewKeyInput): Promise<ApiKeyRecord> {
    return this.accounts.createKey(input);
  }

  findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    return this.accounts.findKeyByHash(hash);
  }

  listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return this.accounts.listKeys(accountId);
  }

  revokeKey(id: string): Promise<ApiKeyRecord | null> {
    return this.accounts.revokeKey(id);
  }

  async putAudit(accountId: string, audit: Audit, hash: string): Promise<PutAuditOutcome> {
    return (await this.#auditStore()).putAudit(accountId, audit, hash);
  }

  async getAuditJson(accountId: string, id: string): Promise<Buffer | null> {
    return (await this.#auditStore()).getAuditJson(accountId, id);
  }

  async getAuditRecord(accountId: string, id: string): Promise<AuditRecord | null> {
    return (await this.#auditStore()).getAuditRecord(accountId, id);
  }

  async listAudits(accountId: string, query: AuditListQuery): Promise<AuditListPage> {
    return (await this.#auditStore()).listAudits(accountId, query);
  }

  async earlierAudits(accountId: string, anchor: AuditAnchor, limit: number): Promise<AuditSummary[]> {
    return (await this.#auditStore()).earlierAudits(accountId, anchor, limit);
  }

  async countAudits(): Promise<number> {
    return (await this.#auditStore()).countAudits();
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

  traffic(): Promise<TrafficStore> {
    this.#traffic ??= LowdbTrafficStore.open(this.dataDir, { onDroppedLines: this.#dropped('traffic') });
    return this.#traffic;
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
    if (this.#traffic) await (await this.#traffic).close();
  }

  /** The dropped-lines callback a collection's store is opened with: reports as that collection. */
  #dropped(collection: JournalCollection): (file: string, count: number) => void {
    return (file, count) => this.options.onDroppedJournalLines?.({ collection, file, count });
  }

  #auditStore(): Promise<LowdbAuditStore> {
    this.#audits ??= LowdbAuditStore.open(this.dataDir, this.options);
    return this.#audits;
  }
}
