/**
 * The embedded citation store, beside the audits under DATA_DIR/citations/:
 *   prompts.journal   prompt puts and deletes
 *   results.journal   one line per result row with its rollup tally, never rewritten (the history)
 *   runs.blob         each row's runs (answer texts, URLs, searches), brotli-compressed JSON
 *   checks.journal    a line per check state change (running, then completed or failed)
 * The journals are append-only (one fsynced line per write, whatever their length) and indexed in memory
 * at open (results.journal read in chunks, never whole); history rows and runs are read back from disk by
 * offset; in memory stay the latest row per pair, compact history columns and the rollups.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { RunRecord } from '../../../shared/schema/citation-intelligence.js';
import { scopeOf, tallyOfRow, type RowTally } from '../rollup/row-tally.js';
import type { SourceTally } from '../rollup/source-tally.js';
import type { DayTally } from '../rollup/day-tally.js';
import type { DayWindow } from '../rollup/days.js';
import { Journal } from './infra/journal.js';
import { AppendFile } from './infra/append-file.js';
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
} from '../contracts/citations.js';
import { upgradeRow } from '../contracts/citations-upgrade.js';

/** Brotli quality 5: within a few per cent of the best ratio on answer texts at a fraction of the time (a one-off measurement, not kept as a benchmark). */
const BROTLI_QUALITY = 5;

export interface LowdbCitationStoreOptions {
  onDroppedLines?: (file: string, count: number) => void;
}

export class LowdbCitationStore implements CitationStore {
  readonly #prompts = new Map<string, StoredPrompt>();
  readonly #byAccount = new Map<string, StoredPrompt[]>();
  /** Creates between their checks and their durable line: they count toward the limit already. */
  readonly #reserved = new Map<string, Set<string>>();
  #results = new CitationResultIndex();
  readonly #checks = new Map<string, StoredCheck>();

  private constructor(
    private readonly promptJournal: Journal,
    private readonly resultJournal: Journal,
    private readonly checkJournal: Journal,
    private readonly runsFile: AppendFile,
  ) {}

  static async open(dataDir: string, options: LowdbCitationStoreOptions = {}): Promise<LowdbCitationStore> {
    const dir = path.join(dataDir, 'citations');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const prompts = await Journal.open(path.join(dir, 'prompts.journal'), parsePromptLine);
    const live = new Set<string>();
    for (const { value } of prompts.entries) {
      if (value.op === 'put') live.add(value.prompt.id);
      else live.delete(value.id);
    }
    const index = new CitationResultIndex();
    // Rows of deleted prompts stay on disk and in no rollup.
    const results = await Journal.openEach(path.join(dir, 'results.journal'), parseResultLine, ({ value, offset, length }) =>
      index.add(value, { offset, length }, live.has(value.prompt_id)),
    );
    const checks = await Journal.open(path.join(dir, 'checks.journal'), parseCheckLine);
    const runs = await AppendFile.open(path.join(dir, 'runs.blob'));
    const store = new LowdbCitationStore(prompts.journal, results.journal, checks.journal, runs);
    store.#results = index;
    for (const { value } of prompts.entries) store.#applyPrompt(value);
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
    // Its rows leave the summaries too: each row's tally is taken off its scope's rollups.
    const history = this.#results.history(accountId);
    for (const i of history.indexesOfPrompt(id)) {
      const { offset, length } = history.place(i);
      const row = parseResultLine(await this.resultJournal.read(offset, length));
      if (row && row.status !== 'not_configured') this.#results.rollups.apply(row.tally ?? tallyOfRow(row), -1);
    }
    return true;
  }

  async deleteProjectPrompts(accountId: string, projectId: string): Promise<number> {
    const prompts = (this.#byAccount.get(accountId) ?? []).filter((p) => p.project_id === projectId);
    for (const prompt of prompts) {
      const line: PromptLine = { op: 'delete', id: prompt.id, account_id: accountId, deleted_at: new Date().toISOString() };
      await this.promptJournal.append(line);
      this.#applyPrompt(line);
    }
    this.#results.rollups.dropScope(scopeOf(accountId, projectId));
    return prompts.length;
  }

  async appendResult(row: StoredCitationRow, runs?: readonly RunRecord[]): Promise<void> {
    let runsAt: [number, number] | undefined;
    if (runs && runs.length > 0) {
      const packed = brotliCompressSync(JSON.stringify(runs), { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } });
      const place = await this.runsFile.append(packed); // on disk before the row that points at it
      runsAt = [place.offset, place.length];
    }
    const tally: RowTally = row.tally ?? tallyOfRow(row);
    const stored: StoredCitationRow = { ...row, tally, ...(runsAt ? { runs_at: runsAt } : {}) };
    const place = await this.resultJournal.append(stored);
    this.#results.add(stored, place, this.#prompts.has(row.prompt_id));
  }

  async runsOf(rows: readonly StoredCitationRow[]): Promise<RunRecord[][]> {
    return Promise.all(
      rows.map(async (row) => {
        if (!row.runs_at) return [];
        const [offset, length] = row.runs_at;
        const bytes = await this.runsFile.read(offset, length);
        try {
          return JSON.parse(brotliDecompressSync(bytes).toString('utf8')) as RunRecord[];
        } catch {
          return []; // zeroed by a removal a crash cut short before the row's line went (citations-maintenance.ts)
        }
      }),
    );
  }

  async dayTallies(scopes: readonly string[], window: DayWindow, engine?: CitationEngineId): Promise<DayTally[]> {
    return this.#results.rollups.dayTallies(scopes, window, engine);
  }

  async promptDayTallies(accountId: string, promptId: string, window: DayWindow, engine?: CitationEngineId): Promise<DayTally[]> {
    if (!(await this.getPrompt(accountId, promptId))) return [];
    const history = this.#results.history(accountId);
    const [from, to] = [Date.parse(`${window.since}T00:00:00Z`), Date.parse(`${window.until}T00:00:00Z`) + 86_400_000];
    const picked = history
      .indexesOfPrompt(promptId)
      .filter((i) => history.time(i) >= from && history.time(i) < to && (engine === undefined || history.engine(i) === engine));
    const rows = await Promise.all(
      picked.map(async (i) => parseResultLine(await this.resultJournal.read(history.place(i).offset, history.place(i).length))),
    );
    return rows
      .filter((r): r is StoredCitationRow => r !== null && r.status !== 'not_configured')
      .map((r) => dayTallyOf(r.tally ?? tallyOfRow(r)));
  }

  async sourceTallies(
    scopes: readonly string[],
    window: DayWindow,
    engine: CitationEngineId | undefined,
    limit: number,
  ): Promise<SourceTally[]> {
    return this.#results.rollups.sourceTallies(scopes, window, engine, limit);
  }

  /** Bytes of the in-memory indexes (the benchmark reports them). */
  get memoryBytes(): { history: number; rollups: number } {
    return this.#results.bytes;
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
    await Promise.all([this.promptJournal.close(), this.resultJournal.close(), this.checkJournal.close(), this.runsFile.close()]);
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
    let i = entries.firstAtOrAfter(before) - 1;
    const picked: number[] = [];
    let more = false;
    for (; i >= 0; i--) {
      const promptId = entries.promptId(i);
      const prompt = this.#prompts.get(promptId);
      if (!prompt || prompt.account_id !== accountId) continue; // deleted prompts leave the listings
      if (query.engine !== undefined && entries.engine(i) !== query.engine) continue;
      if (query.promptId !== undefined && promptId !== query.promptId) continue;
      if (query.domain !== undefined && prompt.domain !== query.domain) continue;
      if (query.since !== undefined && entries.time(i) < query.since) continue;
      if (query.until !== undefined && entries.time(i) >= query.until) continue;
      if (query.checkId !== undefined) {
        // Rare filter (GET /citations/runs?check_id=): read to compare.
        const row = parseResultLine(await this.resultJournal.read(entries.place(i).offset, entries.place(i).length));
        if (row?.check_id !== query.checkId) continue;
      }
      if (picked.length === query.limit) {
        more = true;
        break;
      }
      picked.push(i);
    }
    const rows = await Promise.all(
      picked.map(async (k) =>
        upgradeRow((await this.resultJournal.read(entries.place(k).offset, entries.place(k).length)) as StoredCitationRow),
      ),
    );
    const last = picked.at(-1);
    return {
      rows,
      next: more && last !== undefined ? { mode: 'history', seq: entries.seq(last) } : null,
      ...(last !== undefined ? { lastSeq: entries.seq(last) } : {}),
    };
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function dayTallyOf(t: RowTally): DayTally {
  return {
    day: t.day,
    engine: t.engine,
    runs: t.runs,
    visible: t.visible,
    mentioned: t.mentioned,
    cited: t.cited,
    position_sum: t.position_sum,
    position_count: t.position_count,
    competitors: Object.fromEntries(t.competitors),
  };
}
