/**
 * The citation half of the store: tracked prompts, the history of result rows, and check records
 * (what the scheduler needs to survive a restart). Reached through `Store.citations()`; lowdb in
 * lowdb/citations.ts, PostgreSQL in postgres/citations.ts. Every write resolves once it is durable.
 */
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { CitationResult, CheckStatus } from '../../../shared/schema/citation.js';
import type { Prompt } from '../../../shared/schema/prompt.js';
import type { RunRecord } from '../../../shared/schema/citation-intelligence.js';
import type { RowTally } from '../rollup/row-tally.js';
import type { SourceTally } from '../rollup/source-tally.js';
import type { DayTally } from '../rollup/day-tally.js';
import type { DayWindow } from '../rollup/days.js';

export interface StoredPrompt extends Prompt {
  account_id: string;
}

export interface StoredCitationRow extends CitationResult {
  account_id: string;
  /** Provider requests the row cost (retries and follow-ups included): the daily budget counts them. */
  calls: number;
  /** What the row adds to its scope's rollups (set by the store when it is stored). */
  tally?: RowTally;
  /** lowdb: where its runs are in runs.blob ([offset, length]). */
  runs_at?: [number, number];
}

/** A run as listed (GET /citations/runs): its row's identity and the run as kept. */
export interface StoredRun extends RunRecord {
  prompt_id: string;
  engine: CitationEngineId;
  check_id: string;
  checked_at: string;
  run: number;
}

export interface StoredCheck {
  id: string;
  /** The account that asked for it; null for the scheduler's checks (every account's due prompts). */
  account_id: string | null;
  trigger: 'manual' | 'schedule';
  status: CheckStatus;
  created_at: string;
  finished_at: string | null;
  /** The (prompt, engine) pairs to run: what a restart resumes. */
  pairs: Array<{ prompt_id: string; engine: CitationEngineId }>;
  prompt_count: number;
  skipped_prompts: number;
  error?: string;
}

export type CreatePromptOutcome = { outcome: 'created' } | { outcome: 'limit' } | { outcome: 'duplicate'; existing: StoredPrompt };

/** A place in a result listing to continue after. */
export type CitationCursor = { mode: 'latest'; created: number; promptId: string; engine: number } | { mode: 'history'; seq: number };

export interface CitationListQuery {
  limit: number;
  /** All rows, newest first, instead of the latest per (prompt, engine). */
  history: boolean;
  engine?: CitationEngineId;
  promptId?: string;
  domain?: string;
  /** Epoch ms: rows checked at or after. */
  since?: number;
  /** Epoch ms: rows checked before (history only). */
  until?: number;
  /** Only this check's rows (history only). */
  checkId?: string;
  after?: CitationCursor;
}

export interface CitationPage {
  rows: StoredCitationRow[];
  next: CitationCursor | null;
  /** History listings: the sequence number of the last row of the page (GET /citations/runs pages within rows). */
  lastSeq?: number;
}

export interface CitationStore {
  /** Adds a prompt unless the account holds `limit` prompts already, or the same text for the same domain. */
  createPrompt(prompt: StoredPrompt, limit: number): Promise<CreatePromptOutcome>;
  /** The account's prompts, oldest first. */
  listPrompts(accountId: string): Promise<StoredPrompt[]>;
  getPrompt(accountId: string, id: string): Promise<StoredPrompt | null>;
  /** Every account's prompts (the scheduler). */
  allPrompts(): Promise<StoredPrompt[]>;
  /** False when the account has no such prompt. Its rows stay on disk but leave every listing. */
  deletePrompt(accountId: string, id: string): Promise<boolean>;

  /** Stores a row with its runs (answer texts, URLs, searches), and adds it to its scope's rollups. */
  appendResult(row: StoredCitationRow, runs?: readonly RunRecord[]): Promise<void>;
  /** The runs of these rows (from a history listing), in order; a row stored without runs has none. */
  runsOf(rows: readonly StoredCitationRow[]): Promise<RunRecord[][]>;
  /** Daily tallies per engine of these scopes (project ids, or `acct:<account>`) over the window. */
  dayTallies(scopes: readonly string[], window: DayWindow, engine?: CitationEngineId): Promise<DayTally[]>;
  /** The same for one prompt, from its rows. */
  promptDayTallies(accountId: string, promptId: string, window: DayWindow, engine?: CitationEngineId): Promise<DayTally[]>;
  /** The `limit` most cited registrable domains of these scopes over the window. */
  sourceTallies(scopes: readonly string[], window: DayWindow, engine: CitationEngineId | undefined, limit: number): Promise<SourceTally[]>;
  /** Deletes every prompt of the project (their rows leave every listing) and its rollups. */
  deleteProjectPrompts(accountId: string, projectId: string): Promise<number>;
  /** The newest row of each engine for this prompt. */
  latestResults(promptId: string): Promise<Partial<Record<CitationEngineId, StoredCitationRow>>>;
  listResults(accountId: string, query: CitationListQuery): Promise<CitationPage>;
  /** Provider requests stored rows of this engine cost on this UTC day (YYYY-MM-DD). */
  requestsOn(engine: CitationEngineId, day: string): Promise<number>;
  /** Rows stored for this check so far. */
  resultCount(checkId: string): Promise<number>;

  /** Stores the current state of a check (a new line per change). */
  putCheck(check: StoredCheck): Promise<void>;
  getCheck(id: string): Promise<StoredCheck | null>;
  /** Checks still `running`: a restart resumes them. */
  unfinishedChecks(): Promise<StoredCheck[]>;

  close(): Promise<void>;
}
