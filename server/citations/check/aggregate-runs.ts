/**
 * Several runs of one (prompt, engine) make one row. Answers vary between runs, so the row keeps the
 * counts: `runs` answered, `cited_runs` of them cited the site, `failed_runs` failed; `cited` is
 * cited_runs >= 1. `status` is `ok` when any run searched, else the answered runs' reason (no_search,
 * no_ai_overview), else `error` with the first failure's reason. `position` is the best rank seen,
 * `cited_urls` the union in order of first appearance.
 */
import type { CitationStatus } from '../../../shared/schema/citation-engines.js';
import type { AnswerScore } from '../match/score-answer.js';

export type RunOutcome =
  | { kind: 'answer'; status: Extract<CitationStatus, 'ok' | 'no_search' | 'no_ai_overview'>; score: AnswerScore }
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
}

export function aggregateRuns(outcomes: readonly RunOutcome[]): AggregatedRuns {
  const answers = outcomes.filter((o) => o.kind === 'answer');
  const failures = outcomes.filter((o) => o.kind === 'failed');
  const citedRuns = answers.filter((a) => a.score.cited);
  const urls = new Set<string>();
  for (const a of citedRuns) for (const url of a.score.citedUrls) urls.add(url);
  const positions = citedRuns.map((a) => a.score.position).filter((p): p is number => p !== null);
  const status: CitationStatus = answers.some((a) => a.status === 'ok') ? 'ok' : (answers[0]?.status ?? 'error');
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
  };
}
