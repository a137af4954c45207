/**
 * Where each engine puts the client for each tracked prompt, from the latest row per (prompt, engine) of
 * GET /citations: cited (with the URL and its position), mentioned by name only, absent (and which competitors
 * were cited or named instead), no answer, an engine not set up, or a failed ask. And a running check's progress.
 */
import type { CitationCheck, CitationResult } from '../api/types.js';

/** `not-set-up`: the engine has no API key on the server; `failed`: its answer could not be had this time. */
export type Presence = 'cited' | 'mentioned' | 'absent' | 'no-answer' | 'not-set-up' | 'failed';

export interface EngineResult {
  engine: string;
  presence: Presence;
  /** The first of the client's pages the engine cited, or null. */
  url: string | null;
  /** Its rank among the distinct citations shown, or null. */
  position: number | null;
  /** Competitors cited or named in the same answers (when the client was not cited, they were cited instead). */
  competitors: string[];
  checkedAt: string;
}

export function presenceOf(row: Pick<CitationResult, 'status' | 'runs' | 'cited' | 'mentioned'>): Presence {
  if (row.status === 'not_configured') return 'not-set-up';
  if (row.status === 'error') return 'failed';
  if (row.runs === 0) return 'no-answer';
  if (row.cited) return 'cited';
  return row.mentioned ? 'mentioned' : 'absent';
}

export function engineResult(row: CitationResult): EngineResult {
  return {
    engine: row.engine,
    presence: presenceOf(row),
    url: row.cited_urls[0] ?? null,
    position: row.position,
    competitors: row.competitors.filter((c) => c.visible_runs > 0).map((c) => c.name),
    checkedAt: row.checked_at,
  };
}

/** Prompt id → its engines' latest results, in the order the API lists engines; prompts without rows are absent. */
export function resultsByPrompt(rows: readonly CitationResult[]): Map<string, EngineResult[]> {
  const out = new Map<string, EngineResult[]>();
  for (const row of rows) {
    const list = out.get(row.prompt_id) ?? [];
    if (!list.some((r) => r.engine === row.engine)) list.push(engineResult(row));
    out.set(row.prompt_id, list);
  }
  return out;
}

export interface CheckProgress {
  done: number;
  total: number;
  running: boolean;
}

export function checkProgress(check: Pick<CitationCheck, 'status' | 'result_count' | 'pair_count'>): CheckProgress {
  return { done: Math.min(check.result_count, check.pair_count), total: check.pair_count, running: check.status === 'running' };
}
