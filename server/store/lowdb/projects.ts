/**
 * The embedded project store: DATA_DIR/citations/projects.journal, one line per put (create or update,
 * the whole project) or delete, append-only and fsynced, replayed into memory at open (projects are few).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Journal } from './infra/journal.js';
import type { ProjectStore, StoredProject } from '../contracts/projects.js';

type ProjectLine = { op: 'put'; project: StoredProject } | { op: 'delete'; id: string; account_id: string };

export function parseProjectLine(value: unknown): ProjectLine | null {
  const v = value as Partial<{ op: string; id: string; account_id: string; project: Partial<StoredProject> }> | null;
  if (v?.op === 'delete' && typeof v.id === 'string' && typeof v.account_id === 'string') return v as ProjectLine;
  const p = v?.project;
  if (
    v?.op === 'put' &&
    p &&
    typeof p.id === 'string' &&
    typeof p.account_id === 'string' &&
    typeof p.domain === 'string' &&
    Array.isArray(p.competitors)
  )
    return v as ProjectLine;
  return null;
}

export class LowdbProjectStore implements ProjectStore {
  readonly #projects = new Map<string, StoredProject>();
  /** Creates between their count check and their durable line. */
  readonly #reserved = new Map<string, number>();

  private constructor(private readonly journal: Journal) {}

  static async open(dataDir: string, options: { onDroppedLines?: (file: string, count: number) => void } = {}): Promise<LowdbProjectStore> {
    const dir = path.join(dataDir, 'citations');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const opened = await Journal.open(path.join(dir, 'projects.journal'), parseProjectLine);
    if (opened.dropped > 0) options.onDroppedLines?.(opened.journal.file, opened.dropped);
    const store = new LowdbProjectStore(opened.journal);
    for (const { value } of opened.entries) store.#apply(value);
    return store;
  }

  async create(project: StoredProject, limit: number): Promise<'created' | 'limit'> {
    const held = (await this.list(project.account_id)).length + (this.#reserved.get(project.account_id) ?? 0);
    if (held >= limit) return 'limit';
    this.#reserved.set(project.account_id, (this.#reserved.get(project.account_id) ?? 0) + 1);
    try {
      await this.#write({ op: 'put', project });
    } finally {
      this.#reserved.set(project.account_id, this.#reserved.get(project.account_id)! - 1);
    }
    return 'created';
  }

  async list(accountId: string): Promise<StoredProject[]> {
    return [...this.#projects.values()].filter((p) => p.account_id === accountId);
  }

  async get(accountId: string, id: string): Promise<StoredProject | null> {
    const project = this.#projects.get(id);
    return project && project.account_id === accountId ? project : null;
  }

  async update(project: StoredProject): Promise<boolean> {
    if (!(await this.get(project.account_id, project.id))) return false;
    await this.#write({ op: 'put', project });
    return true;
  }

  async delete(accountId: string, id: string): Promise<boolean> {
    if (!(await this.get(accountId, id))) return false;
    await this.#write({ op: 'delete', id, account_id: accountId });
    return true;
  }

  close(): Promise<void> {
    return this.journal.close();
  }

  async #write(line: ProjectLine): Promise<void> {
    await this.journal.append(line);
    this.#apply(line);
  }

  #apply(line: ProjectLine): void {
    if (line.op === 'put') {
      // A put replaces the project but keeps its place (Map order: oldest first).
      this.#projects.set(line.project.id, line.project);
      return;
    }
    if (this.#projects.get(line.id)?.account_id === line.account_id) this.#projects.delete(line.id);
  }
}
