/** Stored citation records as the API shows them: without ownership and bookkeeping members. */
import type { CitationCheck, CitationResult } from '../../shared/schema/citation.js';
import type { Project } from '../../shared/schema/project.js';
import type { Prompt } from '../../shared/schema/prompt.js';
import type { StoredCheck, StoredCitationRow, StoredPrompt } from '../store/contracts/citations.js';
import type { StoredProject } from '../store/contracts/projects.js';

export function promptToWire({ account_id: _account, ...prompt }: StoredPrompt): Prompt {
  return prompt;
}

export function rowToWire({
  account_id: _account,
  calls: _calls,
  tally: _tally,
  runs_at: _runsAt,
  ...row
}: StoredCitationRow): CitationResult {
  return row;
}

export function projectToWire({ account_id: _account, ...project }: StoredProject): Project {
  return project;
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
