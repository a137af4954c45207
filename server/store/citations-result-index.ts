/**
 * In memory, what listing and scheduling need without reading the results journal: the latest row per
 * (prompt, engine) in full, and for history one small entry per row (where its line sits on disk),
 * per account in the order written. Also requests per (UTC day, engine) and rows per check.
 */
import { CITATION_ENGINE_IDS, type CitationEngineId } from '../../shared/schema/citation-engines.js';
import type { StoredCitationRow } from './citations-store.js';

export interface HistoryEntry {
  /** Order of writing, across accounts: the history cursor. */
  seq: number;
  time: number;
  promptId: string;
  engine: CitationEngineId;
  offset: number;
  length: number;
}

export class CitationResultIndex {
  readonly #latest = new Map<string, Map<CitationEngineId, StoredCitationRow>>();
  readonly #history = new Map<string, HistoryEntry[]>();
  readonly #requests = new Map<string, number>();
  readonly #perCheck = new Map<string, number>();
  #seq = 0;

  add(row: StoredCitationRow, place: { offset: number; length: number }): void {
    const byEngine = this.#latest.get(row.prompt_id) ?? new Map<CitationEngineId, StoredCitationRow>();
    this.#latest.set(row.prompt_id, byEngine);
    const previous = byEngine.get(row.engine);
    const time = Date.parse(row.checked_at);
    if (!previous || Date.parse(previous.checked_at) <= time) byEngine.set(row.engine, row);

    const entries = this.#history.get(row.account_id) ?? [];
    this.#history.set(row.account_id, entries);
    entries.push({ seq: ++this.#seq, time, promptId: row.prompt_id, engine: row.engine, ...place });

    const day = `${row.checked_at.slice(0, 10)}|${row.engine}`;
    this.#requests.set(day, (this.#requests.get(day) ?? 0) + row.calls);
    this.#perCheck.set(row.check_id, (this.#perCheck.get(row.check_id) ?? 0) + 1);
  }

  latest(promptId: string): Partial<Record<CitationEngineId, StoredCitationRow>> {
    return Object.fromEntries(this.#latest.get(promptId) ?? []);
  }

  latestRow(promptId: string, engine: CitationEngineId): StoredCitationRow | undefined {
    return this.#latest.get(promptId)?.get(engine);
  }

  /** The account's entries, oldest first. */
  history(accountId: string): readonly HistoryEntry[] {
    return this.#history.get(accountId) ?? [];
  }

  requestsOn(engine: CitationEngineId, day: string): number {
    return this.#requests.get(`${day}|${engine}`) ?? 0;
  }

  resultCount(checkId: string): number {
    return this.#perCheck.get(checkId) ?? 0;
  }
}

export const ENGINE_ORDER: ReadonlyMap<CitationEngineId, number> = new Map(CITATION_ENGINE_IDS.map((id, i) => [id, i]));
