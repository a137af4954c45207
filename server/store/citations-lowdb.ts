/**
 * The embedded citation store, beside the audits under DATA_DIR/citations/:
 *   prompts.journal   prompt puts and deletes
 *   results.journal   one line per result row, never rewritten (the history)
 *   checks.journal    a line per check state change (running, then completed or failed)
 * All three are append-only (one fsynced line per write, whatever their length) and indexed in memory
 * at open; history rows are read back from disk by offset, only the latest row per pair stays in memory.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { CitationEngineId } from '../../shared/schema/citation-engines.js';
import { Journal } from './journal.js';
import { parseCheckLine, parsePromptLine, parseResultLine, type PromptLine } from './citations-lines.js';
import { CitationResultIndex, ENGINE_ORDER } from './citations-result-index.js';
import type {
  CitationListQuery,
  CitationPage,
  CitationStore,
  CreatePromptOutcome,
  StoredCheck,
  StoredCitationRow,
  StoredPrompt,
} from './citations-store.js';

export interface LowdbCitationStoreOptions {
  onDroppedLines?: (file: string, count: number) => void;
}

export class LowdbCitationStore implements CitationStore {
  readonly #prompts = new Map<string, StoredPrompt>();
  readonly #byAccount = new Map<string, StoredPrompt[]>();
  /** Creates between their checks and their durable line: they count toward the limit already. */
  readonly #reserved = new Map<string, Set<string>>();
  readonly #results = new CitationResultIndex();
  readonly #checks = new Map<string, StoredCheck>();

  private constructor(
    private readonly promptJournal: Journal,
    private readonly resultJournal: Journal,
    private readonly checkJournal: Journal,
  ) {}

  static async open(dataDir: string, options: LowdbCitationStoreOptions = {}): Promise<LowdbCitationStore> {
    const dir = path.join(dataDir, 'citations');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const prompts = await Journal.open(path.join(dir, 'prompts.journal'), parsePromptLine);
    const results = await Journal.open(path.join(dir, 'results.journal'), parseResultLine);
    const checks = await Journal.open(path.join(dir, 'checks.journal'), parseCheckLine);
    const store = new LowdbCitationStore(prompts.journal, results.journal, checks.journal);
    for (const { value } of prompts.entries) store.#applyPrompt(value);
    for (const { value, offset, length } of results.entries) store.#results.add(value, { offset, length });
    for (const { value } of checks.entries) store.#checks.set(value.id, value);
    for (const [journal, dropped] of [
      [prompts.journal, prompts.dropped],
      [results.journal, results.dropped],
      [checks.journal, checks.dropped],
    ] as const) {
      if (dropped > 0) options.onDroppedLines?.(journal.file, dropped);
    }
    return store;
  }

  async createPrompt(prompt: StoredPrompt, limit: number): Promise<CreatePromptOutcome> {
    const identity = `${prompt.domain}\n${prompt.text}`;
    const existing = (this.#byAccount.get(prompt.account_id) ?? []).find((p) => p.domain === prompt.domain && p.text === prompt.text);
    if (existing) return { outcome: 'duplicate', existing };
    const reserved = this.#reserved.get(prompt.account_id) ?? new Set<string>();
    if (reserved.has(identity)) return { outcome: 'duplicate', existing: prompt };
    if ((this.#byAccount.get(prompt.account_id)?.length ?? 0) + reserved.size >= limit) return { outcome: 'limit' };
    reserved.add(identity);
    this.#reserved.set(prompt.account_id, reserved);
    try {
      const line: PromptLine = { op: 'put', prompt };
      await this.promptJournal.append(line);
      this.#applyPrompt(line);
    } finally {
      reserved.delete(identity);
    }
    return { outcome: 'created' };
  }

  async listPrompts(accountId: string): Promise<StoredPrompt[]> {
    return [...(this.#byAccount.get(accountId) ?? [])];
  }

  async getPrompt(accountId: string, id: string): Promise<StoredPrompt | null> {
    const prompt = this.#prompts.get(id);
    return prompt && prompt.account_id === accountId ? prompt : null;
  }

  async allPrompts(): Promise<StoredPrompt[]> {
    return [...this.#prompts.values()];
  }

  async deletePrompt(accountId: string, id: string): Promise<boolean> {
    if (!(await this.getPrompt(accountId, id))) return false;
    const line: PromptLine = { op: 'delete', id, account_id: accountId, deleted_at: new Date().toISOString() };
    await this.promptJournal.append(line);
    this.#applyPrompt(line);
    return true;
  }

  async appendResult(row: StoredCitationRow): Promise<void> {
    const place = await this.resultJournal.append(row);
    this.#results.add(row, place);
  }

  async latestResults(promptId: string): Promise<Partial<Record<CitationEngineId, StoredCitationRow>>> {
    return this.#results.latest(promptId);
  }

  async listResults(accountId: string, query: CitationListQuery): Promise<CitationPage> {
    return query.history ? this.#listHistory(accountId, query) : this.#listLatest(accountId, query);
  }

  async requestsOn(engine: CitationEngineId, day: string): Promise<number> {
    return this.#results.requestsOn(engine, day);
  }

  async resultCount(checkId: string): Promise<number> {
    return this.#results.resultCount(checkId);
  }

  async putCheck(check: StoredCheck): Promise<void> {
    await this.checkJournal.append({ check });
    this.#checks.set(check.id, check);
  }

  async getCheck(id: string): Promise<StoredCheck | null> {
    return this.#checks.get(id) ?? null;
  }

  async unfinishedChecks(): Promise<StoredCheck[]> {
    return [...this.#checks.values()].filter((c) => c.status === 'running');
  }

  async close(): Promise<void> {
    await Promise.all([this.promptJournal.close(), this.resultJournal.close(), this.checkJournal.close()]);
  }

  #applyPrompt(line: PromptLine): void {
    if (line.op === 'put') {
      if (this.#prompts.has(line.prompt.id)) return;
      this.#prompts.set(line.prompt.id, line.prompt);
      const list = this.#byAccount.get(line.prompt.account_id) ?? [];
      list.push(line.prompt);
      this.#byAccount.set(line.prompt.account_id, list);
      return;
    }
    const prompt = this.#prompts.get(line.id);
    if (!prompt || prompt.account_id !== line.account_id) return;
    this.#prompts.delete(line.id);
    const list = this.#byAccount.get(prompt.account_id) ?? [];
    list.splice(list.indexOf(prompt), 1);
  }

  /** Latest row per (prompt, engine): prompts oldest first, engines in contract order. */
  #listLatest(accountId: string, query: CitationListQuery): CitationPage {
    const prompts = (this.#byAccount.get(accountId) ?? [])
      .filter((p) => (query.promptId === undefined || p.id === query.promptId) && (query.domain === undefined || p.domain === query.domain))
      .map((p) => ({ prompt: p, created: Date.parse(p.created_at) }))
      .sort((a, b) => a.created - b.created || compareText(a.prompt.id, b.prompt.id));
    const after = query.after?.mode === 'latest' ? query.after : undefined;
    const rows: StoredCitationRow[] = [];
    let last: { created: number; promptId: string; engine: number } | null = null;
    for (const { prompt, created } of prompts) {
      if (after && (created < after.created || (created === after.created && compareText(prompt.id, after.promptId) < 0))) continue;
      for (const [engine, order] of ENGINE_ORDER) {
        if (after && created === after.created && prompt.id === after.promptId && order <= after.engine) continue;
        if (query.engine !== undefined && engine !== query.engine) continue;
        const row = this.#results.latestRow(prompt.id, engine);
        if (!row || (query.since !== undefined && Date.parse(row.checked_at) < query.since)) continue;
        if (rows.length === query.limit) return { rows, next: last && { mode: 'latest', ...last } };
        rows.push(row);
        last = { created, promptId: prompt.id, engine: order };
      }
    }
    return { rows, next: null };
  }

  /** Every row, newest written first. */
  async #listHistory(accountId: string, query: CitationListQuery): Promise<CitationPage> {
    const entries = this.#results.history(accountId);
    const before = query.after?.mode === 'history' ? query.after.seq : Number.POSITIVE_INFINITY;
    let i = firstAtOrAfter(entries, before) - 1;
    const picked: typeof entries[number][] = [];
    let more = false;
    for (; i >= 0; i--) {
      const e = entries[i]!;
      const prompt = this.#prompts.get(e.promptId);
      if (!prompt || prompt.account_id !== accountId) continue; // deleted prompts leave the listings
      if (query.engine !== undefined && e.engine !== query.engine) continue;
      if (query.promptId !== undefined && e.promptId !== query.promptId) continue;
      if (query.domain !== undefined && prompt.domain !== query.domain) continue;
      if (query.since !== undefined && e.time < query.since) continue;
      if (picked.length === query.limit) {
        more = true;
        break;
      }
      picked.push(e);
    }
    const rows = await Promise.all(picked.map(async (e) => (await this.resultJournal.read(e.offset, e.length)) as StoredCitationRow));
    const last = picked.at(-1);
    return { rows, next: more && last ? { mode: 'history', seq: last.seq } : null };
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Index of the first entry whose seq is >= `seq` (entries are in seq order). */
function firstAtOrAfter(entries: readonly { seq: number }[], seq: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]!.seq < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
