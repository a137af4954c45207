/**
 * Several runs of one (prompt, engine) make one row. Answers vary between runs, so the row keeps the
 * counts: `runs` answered, `cited_runs` of them cited the site, `mentioned_runs` named the brand,
 * `visible_runs` did either, `failed_runs` failed; the same per competitor. `cited` is cited_runs >= 1,
 * `mentioned` mentioned_runs >= 1. `status` is `ok` when any run searched, else the answered runs'
 * reason (no_search, no_ai_overview), else `error` with the first failure's reason. `position` is the
 * best rank seen, `cited_urls` the union in order of first appearance, `search_queries` likewise.
 */
import type { CitationStatus } from '../../../shared/schema/citation-engines.js';
import type { CompetitorCounts } from '../../../shared/schema/citation.js';
import type { AnswerScore } from '../match/score-answer.js';
import type { RunRecord } from './run-record.js';

export type RunOutcome =
  | { kind: 'answer'; status: Extract<CitationStatus, 'ok' | 'no_search' | 'no_ai_overview'>; score: AnswerScore; record?: RunRecord }
  | { kind: 'failed'; reason: string };

export interface AggregatedRuns {
  status: CitationStatus;
  error?: string;
  cited: boolean;
  cited_urls: string[];
  position: number | null;
  runs: number;
  cited_runs: number;
  failed_runs: number;
  retrieved: boolean;
  unresolved_citations: number;
  mentioned: boolean;
  mentioned_runs: number;
  visible_runs: number;
  search_queries: string[];
  competitors: CompetitorCounts[];
}

export function aggregateRuns(outcomes: readonly RunOutcome[], competitorNames: readonly string[] = []): AggregatedRuns {
  const answers = outcomes.filter((o) => o.kind === 'answer');
  const failures = outcomes.filter((o) => o.kind === 'failed');
  const citedRuns = answers.filter((a) => a.score.cited);
  const urls = new Set<string>();
  for (const a of citedRuns) for (const url of a.score.citedUrls) urls.add(url);
  const positions = citedRuns.map((a) => a.score.position).filter((p): p is number => p !== null);
  const status: CitationStatus = answers.some((a) => a.status === 'ok') ? 'ok' : (answers[0]?.status ?? 'error');
  const mentionedRuns = answers.filter((a) => a.record?.mentioned).length;
  const visibleRuns = answers.filter((a) => a.score.cited || a.record?.mentioned).length;
  const queries = new Set<string>();
  for (const a of answers) for (const q of a.record?.search_queries ?? []) queries.add(q);
  return {
    status,
    ...(status === 'error' ? { error: failures[0]?.reason ?? 'no run was made' } : {}),
    cited: citedRuns.length > 0,
    cited_urls: [...urls],
    position: positions.length ? Math.min(...positions) : null,
    runs: answers.length,
    cited_runs: citedRuns.length,
    failed_runs: failures.length,
    retrieved: answers.some((a) => a.score.retrieved),
    unresolved_citations: answers.reduce((sum, a) => sum + a.score.unresolved, 0),
    mentioned: mentionedRuns > 0,
    mentioned_runs: mentionedRuns,
    visible_runs: visibleRuns,
    search_queries: [...queries],
    competitors: competitorNames.map((name) => {
      const of = answers.map((a) => a.record?.competitors.find((c) => c.name === name));
      return {
        name,
        mentioned_runs: of.filter((c) => c?.mentioned).length,
        cited_runs: of.filter((c) => c?.cited).length,
        visible_runs: of.filter((c) => c?.mentioned || c?.cited).length,
      };
    }),
  };
}
