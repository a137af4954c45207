/** Stored citation records as the API shows them: without ownership and bookkeeping members. */
import type { CitationCheck, CitationResult } from '../../shared/schema/citation.js';
import type { Prompt } from '../../shared/schema/prompt.js';
import type { StoredCheck, StoredCitationRow, StoredPrompt } from '../store/citations-store.js';

export function promptToWire({ account_id: _account, ...prompt }: StoredPrompt): Prompt {
  return prompt;
}

export function rowToWire({ account_id: _account, calls: _calls, ...row }: StoredCitationRow): CitationResult {
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
    skipped_prompts: check.skipped_prompts,
    ...(check.error ? { error: check.error } : {}),
  };
}
