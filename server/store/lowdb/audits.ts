/**
 * Stored audits: a file per audit plus the append-only journal that indexes them. A put writes the
 * audit's own file durably, then appends one journal line (fdatasync): two small writes whatever the
 * number of stored audits. An audit is acknowledged only after its line is on disk, and a line is
 * written only after its file is, so every acknowledged audit survives a crash and a journal line
 * never names a missing file.
 */
import path from 'node:path';
import type { Audit } from '../../../shared/types/audit.js';
import type { AuditAnchor, AuditListPage, AuditListQuery, AuditRecord, AuditStore, PutAuditOutcome } from '../contracts/audits.js';
import type { AuditSummary } from '../../../shared/schema/api.js';
import { createBufferCache, type BufferCache } from '../../util/lru.js';
import { AuditFiles } from './audits-files.js';
import { AuditIndex } from './audits-index.js';
import { Journal } from './infra/journal.js';
import { journalLine, parseJournalLine } from './audits-lines.js';
import type { IndexedLine } from './audits-index.js';

export interface LowdbAuditStoreOptions {
  /** Bytes of audit JSON kept in the process for reads (default 0: the OS page cache does this job; see settings/server-config.ts). */
  cacheBytes?: number;
  onDroppedLines?: (count: number) => void;
  /**
   * Remove audit files the journal does not name: a crash between an audit's file and its journal line
   * leaves one, for a put that was never acknowledged. Asked for after a crash (the server found a stale
   * lock); skipped when the journal has damaged lines, since a file might then be all that is left of an
   * acknowledged audit.
   */
  sweepUnindexedFiles?: boolean;
  onSweep?: (outcome: UnindexedSweep) => void;
}

export type UnindexedSweep = { removed: number } | { skipped: 'damaged journal'; damagedLines: number; unindexedFiles: number };

export class LowdbAuditStore implements AuditStore {
  readonly #index = new AuditIndex();
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #cache: BufferCache;
  #closed = false;

  private constructor(
    readonly files: AuditFiles,
    readonly journal: Journal,
    cacheBytes: number,
  ) {
    this.#cache = createBufferCache(cacheBytes);
  }

  static async open(dataDir: string, options: LowdbAuditStoreOptions = {}): Promise<LowdbAuditStore> {
    const files = await AuditFiles.open(dataDir);
    const { journal, entries, dropped, damaged } = await Journal.open(
      path.join(dataDir, 'audits.journal'),
      (value, line): IndexedLine | null => {
        const record = parseJournalLine(value);
        return record && { record, line };
      },
    );
    const store = new LowdbAuditStore(files, journal, options.cacheBytes ?? 0);
    store.#index.load(entries.map((e) => e.value));
    if (dropped > 0) options.onDroppedLines?.(dropped);
    // Before the store is returned, so no put can be writing a file the sweep looks at.
    if (options.sweepUnindexedFiles) options.onSweep?.(await store.#sweepUnindexed(damaged));
    return store;
  }

  async #sweepUnindexed(damagedLines: number): Promise<UnindexedSweep> {
    const unindexed = (await this.files.ids()).filter((id) => !this.#index.get(id));
    if (damagedLines > 0) return { skipped: 'damaged journal', damagedLines, unindexedFiles: unindexed.length };
    for (const id of unindexed) await this.files.remove(id);
    return { removed: unindexed.length };
  }

  async countAudits(): Promise<number> {
    return this.#index.size;
  }

  async putAudit(accountId: string, audit: Audit, hash: string): Promise<PutAuditOutcome> {
    if (this.#closed) throw new Error('the store is closed');
    // Two puts of one id run one after the other, so the second sees what the first stored.
    for (let pending = this.#inFlight.get(audit.id); pending; pending = this.#inFlight.get(audit.id)) {
      await pending.catch(() => undefined);
    }
    const existing = this.#index.get(audit.id);
    if (existing) return existing.account_id === accountId && existing.hash === hash ? 'identical' : 'conflict';

    const record: AuditRecord = {
      id: audit.id,
      url: audit.url,
      final_url: audit.final_url,
      score: audit.score,
      builder: audit.builder,
      status: audit.status,
      origin: audit.origin,
      scanned_at: audit.scanned_at,
      account_id: accountId,
      hash,
    };
    const json = Buffer.from(JSON.stringify(audit));
    const write = (async () => {
      await this.files.write(audit.id, json);
      const line = journalLine(record);
      await this.journal.append(line);
      this.#index.add(record, line);
      this.#cache.set(audit.id, json);
    })();
    this.#inFlight.set(audit.id, write);
    try {
      await write;
    } finally {
      this.#inFlight.delete(audit.id);
    }
    return 'created';
  }

  async getAuditRecord(accountId: string, id: string): Promise<AuditRecord | null> {
    if (this.#index.owner(id) !== accountId) return null;
    return this.#index.get(id) ?? null;
  }

  async getAuditJson(accountId: string, id: string): Promise<Buffer | null> {
    if (this.#index.owner(id) !== accountId) return null;
    const cached = this.#cache.get(id);
    if (cached !== undefined) return cached;
    const json = await this.files.read(id);
    this.#cache.set(id, json);
    return json;
  }

  async listAudits(accountId: string, query: AuditListQuery): Promise<AuditListPage> {
    return this.#index.list(accountId, query);
  }

  async earlierAudits(accountId: string, anchor: AuditAnchor, limit: number): Promise<AuditSummary[]> {
    return this.#index.earlier(accountId, anchor, limit);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.allSettled(this.#inFlight.values());
    await this.journal.close();
  }
}
