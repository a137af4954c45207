/**
 * Share links in the embedded store: DATA_DIR/reports/shares.journal, one fsynced line per change (the whole
 * record: created, then revoked), indexed in memory at open; the last line of an id wins.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Journal } from './infra/journal.js';
import { SHARE_KINDS, type ShareStore, type StoredShare } from '../contracts/shares.js';

export interface LowdbShareStoreOptions {
  onDroppedLines?: (file: string, count: number) => void;
}

export class LowdbShareStore implements ShareStore {
  readonly #byId = new Map<string, StoredShare>();
  readonly #byTokenHash = new Map<string, string>();

  private constructor(private readonly journal: Journal) {}

  static async open(dataDir: string, options: LowdbShareStoreOptions = {}): Promise<LowdbShareStore> {
    const dir = path.join(dataDir, 'reports');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const { journal, entries, dropped } = await Journal.open(path.join(dir, 'shares.journal'), parseShareLine);
    const store = new LowdbShareStore(journal);
    for (const { value } of entries) store.#apply(value);
    if (dropped > 0) options.onDroppedLines?.(journal.file, dropped);
    return store;
  }

  async createShare(share: StoredShare): Promise<void> {
    if (this.#byId.has(share.id) || this.#byTokenHash.has(share.token_hash)) throw new Error(`share ${share.id} exists already`);
    await this.journal.append(share);
    this.#apply(share);
  }

  async findShareByTokenHash(tokenHash: string): Promise<StoredShare | null> {
    const id = this.#byTokenHash.get(tokenHash);
    return id ? (this.#byId.get(id) ?? null) : null;
  }

  async listLiveShares(accountId: string, now: Date): Promise<StoredShare[]> {
    const time = now.getTime();
    return [...this.#byId.values()]
      .filter((s) => s.account_id === accountId && s.revoked_at === null && Date.parse(s.expires_at) > time)
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || (a.id < b.id ? 1 : -1));
  }

  async revokeShare(accountId: string, id: string, at: string): Promise<StoredShare | null> {
    const share = this.#byId.get(id);
    if (!share || share.account_id !== accountId || share.revoked_at !== null) return null;
    const revoked = { ...share, revoked_at: at };
    await this.journal.append(revoked);
    this.#apply(revoked);
    return revoked;
  }

  close(): Promise<void> {
    return this.journal.close();
  }

  #apply(share: StoredShare): void {
    this.#byId.set(share.id, share);
    this.#byTokenHash.set(share.token_hash, share.id);
  }
}

const isTime = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));

export function parseShareLine(value: unknown): StoredShare | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const ok =
    typeof v.id === 'string' &&
    typeof v.account_id === 'string' &&
    (SHARE_KINDS as readonly unknown[]).includes(v.kind) &&
    typeof v.target_id === 'string' &&
    typeof v.token_hash === 'string' &&
    isTime(v.created_at) &&
    isTime(v.expires_at) &&
    (v.revoked_at === null || isTime(v.revoked_at));
  return ok ? (v as unknown as StoredShare) : null;
}
