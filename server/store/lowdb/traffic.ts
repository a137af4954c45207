/**
 * Traffic in the embedded store: DATA_DIR/traffic/traffic.journal, one fsynced line per change (an ingest, a
 * committed chunk with its days, a status, a deleted project), replayed into memory at open. A chunk is one line,
 * so a crash leaves it whole or absent (a torn last line is dropped), and the ingest's cursor moves with it.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Journal } from './infra/journal.js';
import { INGEST_STATUSES, type IngestStatus, type StoredIngest, type TrafficChunk, type TrafficStore } from '../contracts/traffic.js';
import type { StoredTrafficDay } from '../rollup/traffic-days.js';
import { blockKey, coverWindow, type StoredTrafficBlock } from '../rollup/traffic-blocks.js';
import { fetchedBetween } from '../rollup/page-days.js';
import { TrafficState, type TrafficLine } from './traffic-state.js';

export interface LowdbTrafficStoreOptions {
  onDroppedLines?: (file: string, count: number) => void;
  /**
   * Build every project's blocks of days right after open, one project after another, in the background (the
   * server): else the first window asked of a project builds them, seconds for a year of 200 agents.
   */
  warmBlocks?: boolean;
}

export class LowdbTrafficStore implements TrafficStore {
  readonly #state = new TrafficState();
  readonly #ingests = this.#state.ingests;
  readonly #byHash = this.#state.byHash;
  readonly #days = this.#state.days;
  readonly #pages = this.#state.pages;
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  private constructor(private readonly journal: Journal) {}

  static async open(dataDir: string, options: LowdbTrafficStoreOptions = {}): Promise<LowdbTrafficStore> {
    const dir = path.join(dataDir, 'traffic');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const { journal, entries, dropped } = await Journal.open(path.join(dir, 'traffic.journal'), parseTrafficLine);
    const store = new LowdbTrafficStore(journal);
    for (const { value } of entries) store.#state.apply(value);
    store.#state.live = true;
    if (dropped > 0) options.onDroppedLines?.(journal.file, dropped);
    if (options.warmBlocks) void store.#warm().catch(() => undefined); // a window asked meanwhile builds its own
    return store;
  }

  /** Writes one at a time, so a check and its append see the same state. */
  #serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  createIngest(ingest: StoredIngest): Promise<{ ingest: StoredIngest; created: boolean }> {
    return this.#serial(async () => {
      const had = this.#byHash.get(`${ingest.project_id}:${ingest.sha256}`);
      if (had) return { ingest: { ...this.#ingests.get(had)! }, created: false };
      if (this.#ingests.has(ingest.id)) throw new Error(`ingest ${ingest.id} exists already`);
      await this.#write({ t: 'ingest', ingest });
      return { ingest: { ...ingest }, created: true };
    });
  }

  async getIngest(projectId: string, id: string): Promise<StoredIngest | null> {
    const ingest = this.#ingests.get(id);
    return ingest && ingest.project_id === projectId ? { ...ingest } : null;
  }

  async listUnfinishedIngests(): Promise<StoredIngest[]> {
    return [...this.#ingests.values()]
      .filter((i) => i.status === 'queued' || i.status === 'ingesting')
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
      .map((i) => ({ ...i }));
  }

  commitChunk(chunk: TrafficChunk): Promise<boolean> {
    return this.#serial(async () => {
      const ingest = this.#ingests.get(chunk.ingest_id);
      if (!ingest || ingest.offset !== chunk.from) return false;
      await this.#write({ t: 'chunk', chunk });
      return true;
    });
  }

  setIngestStatus(id: string, status: IngestStatus, error: string | null, at: string): Promise<void> {
    return this.#serial(async () => {
      if (this.#ingests.has(id)) await this.#write({ t: 'status', id, status, error, at });
    });
  }

  async listDays(projectId: string, since: string, until: string): Promise<StoredTrafficDay[]> {
    const days = this.#days.get(projectId);
    if (!days) return [];
    return [...days]
      .filter(([date]) => date >= since && date <= until)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([date, rollup]) => ({ project_id: projectId, date, rollup }));
  }

  /** Blocks in memory always have their agents' daily hits (nothing to read). */
  async listWindow(projectId: string, since: string, until: string): Promise<StoredTrafficBlock[]> {
    const days = this.#days.get(projectId);
    if (!days || days.size === 0) return [];
    let first = '9999-12-31';
    let last = '0000-01-01';
    for (const date of days.keys())
      if (date >= since && date <= until) {
        if (date < first) first = date;
        if (date > last) last = date;
      }
    if (first > last) return [];
    const blocks = await this.#state.blocksOf(projectId);
    const out: StoredTrafficBlock[] = [];
    for (const ref of coverWindow(first, last)) {
      const rollup = ref.level === 0 ? days.get(ref.start) : blocks.get(blockKey(ref));
      if (rollup) out.push({ project_id: projectId, ...ref, rollup });
    }
    return out;
  }

  async fetchedPaths(projectId: string, paths: readonly string[], since: string, until: string): Promise<Set<string>> {
    const index = this.#pages.get(projectId);
    const out = new Set<string>();
    if (!index) return out;
    for (const p of paths) {
      const years = index.get(p);
      if (years && fetchedBetween(years, since, until)) out.add(p);
    }
    return out;
  }

  deleteProject(projectId: string): Promise<void> {
    return this.#serial(() => this.#write({ t: 'delete', project_id: projectId }));
  }

  /** Builds the blocks of each project that has days, one at a time, until closed. */
  async #warm(): Promise<void> {
    for (const projectId of [...this.#days.keys()]) {
      if (this.#closed) return;
      await this.#state.blocksOf(projectId);
    }
  }

  close(): Promise<void> {
    this.#closed = true;
    return this.#queue.then(() => this.journal.close());
  }

  async #write(line: TrafficLine): Promise<void> {
    await this.journal.append(line);
    this.#state.apply(line);
  }
}

export function parseTrafficLine(value: unknown): TrafficLine | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (v.t === 'ingest') return isIngest(v.ingest) ? (v as TrafficLine) : null;
  if (v.t === 'chunk')
    return typeof v.chunk === 'object' && v.chunk !== null && Array.isArray((v.chunk as TrafficChunk).days) ? (v as TrafficLine) : null;
  if (v.t === 'status')
    return typeof v.id === 'string' && (INGEST_STATUSES as readonly unknown[]).includes(v.status) ? (v as TrafficLine) : null;
  if (v.t === 'delete') return typeof v.project_id === 'string' ? (v as TrafficLine) : null;
  return null;
}

function isIngest(value: unknown): value is StoredIngest {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.project_id === 'string' &&
    typeof v.account_id === 'string' &&
    typeof v.sha256 === 'string' &&
    typeof v.offset === 'number' &&
    (INGEST_STATUSES as readonly unknown[]).includes(v.status)
  );
}
