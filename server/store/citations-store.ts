/**
 * The citation half of the store: tracked prompts, the history of result rows, and check records
 * (what the scheduler needs to survive a restart). Reached through `Store.citations()`; the lowdb
 * implementation is citations-lowdb.ts. Every write resolves once it is durable.
 */
import type { CitationEngineId } from '../../shared/schema/citation-engines.js';
import type { CitationResult, CheckStatus } from '../../shared/schema/citation.js';
import type { Prompt } from '../../shared/schema/prompt.js';

export interface StoredPrompt extends Prompt {
  account_id: string;
}

export interface StoredCitationRow extends CitationResult {
  account_id: string;
  /** Provider requests the row cost (retries and follow-ups included): the daily budget counts them. */
  calls: number;
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
export type CitationCursor =
  | { mode: 'latest'; created: number; promptId: string; engine: number }
  | { mode: 'history'; seq: number };

export interface CitationListQuery {
  limit: number;
  /** All rows, newest first, instead of the latest per (prompt, engine). */
  history: boolean;
  engine?: CitationEngineId;
  promptId?: string;
  domain?: string;
  /** Epoch ms: rows checked at or after. */
  since?: number;
  after?: CitationCursor;
}

export interface CitationPage {
  rows: StoredCitationRow[];
  next: CitationCursor | null;
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

  appendResult(row: StoredCitationRow): Promise<void>;
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
