/**
 * In memory, what listing, scheduling and summaries need without reading the results journal: the latest
 * row per (prompt, engine) in full, for history one compact entry per row (citations-history.ts), the
 * rollups of the rows' tallies (rollup/memory-rollups.ts), requests per (UTC day, engine) and rows per check.
 */
import { CITATION_ENGINE_IDS, type CitationEngineId } from '../../../shared/schema/citation-engines.js';
import { tallyOfRow } from '../rollup/row-tally.js';
import type { StoredCitationRow } from '../contracts/citations.js';
import { HistoryColumns, PromptInterner } from './citations-history.js';
import { MemoryRollups } from '../rollup/memory-rollups.js';

export class CitationResultIndex {
  readonly #latest = new Map<string, Map<CitationEngineId, StoredCitationRow>>();
  readonly #history = new Map<string, HistoryColumns>();
  readonly #prompts = new PromptInterner();
  readonly #requests = new Map<string, number>();
  readonly #perCheck = new Map<string, number>();
  readonly rollups = new MemoryRollups();
  #seq = 0;

  /** Indexes a stored row; `live` false (its prompt was deleted) keeps it out of the rollups. */
  add(row: StoredCitationRow, place: { offset: number; length: number }, live = true): void {
    const byEngine = this.#latest.get(row.prompt_id) ?? new Map<CitationEngineId, StoredCitationRow>();
    this.#latest.set(row.prompt_id, byEngine);
    const previous = byEngine.get(row.engine);
    const time = Date.parse(row.checked_at);
    // The latest row is kept whole, without what only the rollups need.
    const { tally, ...kept } = row;
    if (!previous || Date.parse(previous.checked_at) <= time) byEngine.set(row.engine, kept);

    let entries = this.#history.get(row.account_id);
    if (!entries) this.#history.set(row.account_id, (entries = new HistoryColumns(this.#prompts)));
    entries.push({ seq: ++this.#seq, time, promptId: row.prompt_id, engine: row.engine, ...place });

    const day = `${row.checked_at.slice(0, 10)}|${row.engine}`;
    this.#requests.set(day, (this.#requests.get(day) ?? 0) + row.calls);
    this.#perCheck.set(row.check_id, (this.#perCheck.get(row.check_id) ?? 0) + 1);
    if (live && row.status !== 'not_configured') this.rollups.apply(tally ?? tallyOfRow(row));
  }

  latest(promptId: string): Partial<Record<CitationEngineId, StoredCitationRow>> {
    return Object.fromEntries(this.#latest.get(promptId) ?? []);
  }

  latestRow(promptId: string, engine: CitationEngineId): StoredCitationRow | undefined {
    return this.#latest.get(promptId)?.get(engine);
  }

  /** The account's entries, oldest first. */
  history(accountId: string): HistoryColumns {
    return this.#history.get(accountId) ?? new HistoryColumns(this.#prompts);
  }

  requestsOn(engine: CitationEngineId, day: string): number {
    return this.#requests.get(`${day}|${engine}`) ?? 0;
  }

  resultCount(checkId: string): number {
    return this.#perCheck.get(checkId) ?? 0;
  }

  /** Bytes of the history columns and rollups (the benchmark reports them). */
  get bytes(): { history: number; rollups: number } {
    let history = 0;
    for (const h of this.#history.values()) history += h.bytes;
    return { history, rollups: this.rollups.bytes };
  }
}

export const ENGINE_ORDER: ReadonlyMap<CitationEngineId, number> = new Map(CITATION_ENGINE_IDS.map((id, i) => [id, i]));
