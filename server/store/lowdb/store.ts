/**
 * The embedded store: everything under one data directory, each resource in the file of its name beside
 * this one (accounts.ts, audits.ts, citations.ts, ...), what several share in infra/.
 *   accounts.json     accounts and key hashes (lowdb, atomic + fsynced writes, shared with the CLI)
 *   audits/xx/<id>.json  one file per audit
 *   audits.journal    append-only index of the audits, loaded into memory at start
 *   citations/, crawls/, reports/, webhooks/, monitors.json   the other resources (see their files)
 * Everything but the accounts opens on first use: the CLI's accounts and keys commands touch nothing else.
 * Each other resource sits behind a gate (infra/gate.ts): maintenance (an account's deletion, the retention
 * pass) closes it, rewrites its files and lets it reopen, while callers keep the same sub-store object.
 *   maintenance.json  the days the daily jobs last ran (the retention pass)
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
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
import { expireTrafficDays } from './traffic-maintenance.js';
import type { AccountRecords, ExpiredRecords, StoreReadiness } from '../contracts/store-maintenance.js';
import { Gate, gatedStore } from './infra/gate.js';
import { withMaintenanceLock } from './infra/maintenance-lock.js';
import { SharedJsonDoc } from './infra/shared-json-doc.js';
import { removeAudits } from './audits-maintenance.js';
import { expireCitationRows } from './citations-maintenance.js';
import { readiness, removeAccountFiles } from './store-maintenance.js';

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
  /** The server: once the traffic journal is read, build each project's blocks of days in the background (lowdb/traffic.ts). */
  warmTraffic?: boolean;
}

/** The resources opened on first use, each behind its own gate. */
type Resource = 'audits' | 'citations' | 'crawls' | 'branding' | 'shares' | 'monitors' | 'webhooks' | 'projects' | 'traffic';
const RESOURCES: readonly Resource[] = [
  'audits',
  'citations',
  'crawls',
  'branding',
  'shares',
  'monitors',
  'webhooks',
  'projects',
  'traffic',
];

interface Closable {
  close(): Promise<void>;
}

export class LowdbStore implements Store {
  readonly #gates = new Map<Resource, Gate>(RESOURCES.map((r) => [r, new Gate()]));
  readonly #opened = new Map<Resource, Promise<Closable>>();
  readonly #views = new Map<Resource, object>();
  /** The first open of the audits may sweep a crash's leftovers; a reopen after maintenance never does. */
  #auditsOpenedOnce = false;
  #daily: Promise<unknown> = Promise.resolve();

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

  putAudit(accountId: string, audit: Audit, hash: string): Promise<PutAuditOutcome> {
    return this.#audits((s) => s.putAudit(accountId, audit, hash));
  }

  getAuditJson(accountId: string, id: string): Promise<Buffer | null> {
    return this.#audits((s) => s.getAuditJson(accountId, id));
  }

  getAuditRecord(accountId: string, id: string): Promise<AuditRecord | null> {
    return this.#audits((s) => s.getAuditRecord(accountId, id));
  }

  listAudits(accountId: string, query: AuditListQuery): Promise<AuditListPage> {
    return this.#audits((s) => s.listAudits(accountId, query));
  }

  earlierAudits(accountId: string, anchor: AuditAnchor, limit: number): Promise<AuditSummary[]> {
    return this.#audits((s) => s.earlierAudits(accountId, anchor, limit));
  }

  countAudits(): Promise<number> {
    return this.#audits((s) => s.countAudits());
  }

  async citations(): Promise<CitationStore> {
    return this.#view('citations', () => LowdbCitationStore.open(this.dataDir, { onDroppedLines: this.#dropped('citations') }));
  }

  async crawls(): Promise<CrawlStore> {
    return this.#view('crawls', () => LowdbCrawlStore.open(this.dataDir, { onDroppedLines: this.#dropped('crawls') }));
  }

  async branding(): Promise<BrandingStore> {
    return this.#view('branding', () => LowdbBrandingStore.open(this.dataDir));
  }

  async shares(): Promise<ShareStore> {
    return this.#view('shares', () => LowdbShareStore.open(this.dataDir, { onDroppedLines: this.#dropped('shares') }));
  }

  async monitors(): Promise<MonitorStore> {
    return this.#view('monitors', () => LowdbMonitorStore.open(this.dataDir));
  }

  async webhooks(): Promise<WebhookStore> {
    return this.#view('webhooks', () =>
      LowdbWebhookStore.open(this.dataDir, {
        readOnlyOutbox: this.options.readOnlyOutbox,
        onDroppedLines: this.#dropped('webhooks'),
        ...(this.options.now ? { now: () => this.options.now!().getTime() } : {}),
      }),
    );
  }

  async projects(): Promise<ProjectStore> {
    return this.#view('projects', () => LowdbProjectStore.open(this.dataDir, { onDroppedLines: this.#dropped('projects') }));
  }

  async traffic(): Promise<TrafficStore> {
    return this.#view('traffic', () =>
      LowdbTrafficStore.open(this.dataDir, { onDroppedLines: this.#dropped('traffic'), warmBlocks: this.options.warmTraffic }),
    );
  }

  readiness(): Promise<StoreReadiness> {
    return readiness(this.dataDir);
  }

  async accountRecords(accountId: string): Promise<AccountRecords | null> {
    if (!(await this.accounts.getAccount(accountId))) return null;
    const keys = (await this.accounts.listKeys(accountId)).length;
    return { keys, ...(await removeAccountFiles(this.dataDir, accountId, false)) };
  }

  /** Every resource is closed while its files are rewritten: meant for a data directory no server uses. */
  async deleteAccount(accountId: string): Promise<AccountRecords | null> {
    if (!(await this.accounts.getAccount(accountId))) return null;
    return this.#maintain(RESOURCES, async () => {
      const keys = (await this.accounts.listKeys(accountId)).length;
      const removed = await removeAccountFiles(this.dataDir, accountId, true);
      await this.accounts.removeAccount(accountId);
      return { keys, ...removed };
    });
  }

  /** Audits, citations and traffic are closed meanwhile (their requests wait), then reopened from the rewritten files. */
  expireBefore(before: Date): Promise<ExpiredRecords> {
    const ms = before.getTime();
    return this.#maintain(['audits', 'citations', 'traffic'], async () => ({
      audits: await removeAudits(this.dataDir, (r) => Date.parse(r.scanned_at) < ms, true),
      citation_rows: await expireCitationRows(this.dataDir, ms),
      traffic_rollups: await expireTrafficDays(this.dataDir, ms),
    }));
  }

  /** One server per data directory: the days are kept in maintenance.json, one run at a time in this process. */
  onceForDay(job: string, day: string, work: () => Promise<void>): Promise<boolean> {
    const run = this.#daily.then(async () => {
      const doc = await SharedJsonDoc.open<{ version: 1; runs: Record<string, string> }>(
        path.join(this.dataDir, 'maintenance.json'),
        () => ({
          version: 1,
          runs: {},
        }),
      );
      if ((await doc.current()).runs[job] === day) return false;
      await work();
      await doc.mutate((data) => {
        data.runs = { ...data.runs, [job]: day };
      });
      return true;
    });
    this.#daily = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    for (const resource of RESOURCES) await this.#close(resource);
  }

  /** The dropped-lines callback a collection's store is opened with: reports as that collection. */
  #dropped(collection: JournalCollection): (file: string, count: number) => void {
    return (file, count) => this.options.onDroppedJournalLines?.({ collection, file, count });
  }

  /**
   * The sub-store's stable object: each call passes the gate to the instance open at that moment. The first
   * access opens it, as before there was a gate (an unreadable file fails the accessor, damage is reported).
   */
  async #view<T extends Closable>(resource: Resource, openIt: () => Promise<T>): Promise<T> {
    const gate = this.#gates.get(resource)!;
    await gate.shared(() => this.#instance(resource, openIt));
    let view = this.#views.get(resource);
    if (!view) {
      view = gatedStore(gate, () => this.#instance(resource, openIt));
      this.#views.set(resource, view);
    }
    return view as T;
  }

  #instance<T extends Closable>(resource: Resource, openIt: () => Promise<T>): Promise<T> {
    let opened = this.#opened.get(resource);
    if (!opened) {
      opened = openIt();
      opened.catch(() => this.#opened.delete(resource)); // a failed open is tried again at the next call
      this.#opened.set(resource, opened);
    }
    return opened as Promise<T>;
  }

  #audits<T>(work: (store: LowdbAuditStore) => Promise<T>): Promise<T> {
    return this.#gates.get('audits')!.shared(async () => {
      const options = this.#auditsOpenedOnce ? { ...this.options, sweepUnindexedFiles: false } : this.options;
      this.#auditsOpenedOnce = true;
      return work(await this.#instance('audits', () => LowdbAuditStore.open(this.dataDir, options)));
    });
  }

  async #close(resource: Resource): Promise<void> {
    const opened = this.#opened.get(resource);
    this.#opened.delete(resource);
    if (opened) await (await opened.catch(() => null))?.close();
  }

  /** Runs `work` with these resources closed and held back (in a fixed order, so two passes cannot deadlock). */
  async #maintain<T>(resources: readonly Resource[], work: () => Promise<T>): Promise<T> {
    const ordered = RESOURCES.filter((r) => resources.includes(r));
    const hold = async (i: number): Promise<T> => {
      if (i === ordered.length) {
        for (const resource of ordered) await this.#close(resource);
        return withMaintenanceLock(this.dataDir, work); // a backup copying meanwhile finishes first
      }
      return this.#gates.get(ordered[i]!)!.exclusive(() => hold(i + 1));
    };
    return hold(0);
  }
}
