/**
 * Rows and prompts stored before projects and mentions existed read back with the members
 * they lacked: no project, nothing mentioned, visible = cited, no searches, no competitors, the surface
 * of their engine. Both stores apply this to what they read.
 */
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { StoredCitationRow, StoredPrompt } from './citations.js';

const SERP_ENGINES: ReadonlySet<CitationEngineId> = new Set(['google_ai_overviews', 'google_ai_mode']);

export function upgradeRow(row: StoredCitationRow): StoredCitationRow {
  if (row.surface !== undefined) return row;
  return {
    ...row,
    project_id: row.project_id ?? null,
    mentioned: row.mentioned ?? false,
    mentioned_runs: row.mentioned_runs ?? 0,
    visible_runs: row.visible_runs ?? row.cited_runs,
    search_queries: row.search_queries ?? [],
    competitors: row.competitors ?? [],
    surface: SERP_ENGINES.has(row.engine) ? 'serp' : 'api',
  };
}

export function upgradePrompt(prompt: StoredPrompt): StoredPrompt {
  return prompt.project_id === undefined ? { ...prompt, project_id: null } : prompt;
}
