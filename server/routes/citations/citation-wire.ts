/** Stored citation rows and checks as the API shows them: without ownership and bookkeeping members. */
import type { CitationCheck, CitationResult } from '../../../shared/schema/citation.js';
import type { StoredCheck, StoredCitationRow } from '../../store/contracts/citations.js';

export function rowToWire({
  account_id: _account,
  calls: _calls,
  tally: _tally,
  runs_at: _runsAt,
  ...row
}: StoredCitationRow): CitationResult {
  return row;
}

export function checkToWire(check: StoredCheck, resultCount: number): CitationCheck {
  return {
    id: check.id,
    status: check.status,
    created_at: check.created_at,
    finished_at: check.finished_at,
    prompt_count: check.prompt_count,
    result_count: resultCount,
    pair_count: check.pairs.length,
    skipped_prompts: check.skipped_prompts,
    ...(check.error ? { error: check.error } : {}),
  };
}
