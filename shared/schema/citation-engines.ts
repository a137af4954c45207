/**
 * The answer engines: the five of docs/api-decisions.md#citation-tracking, then `google_ai_mode` (docs/api-decisions.md#projects-and-citation-intelligence). The ids are
 * public: clients and tests depend on them. CITATION_ENGINES chooses which run (default the first five).
 */
export const CITATION_ENGINE_IDS = ['chatgpt', 'perplexity', 'gemini', 'claude', 'google_ai_overviews', 'google_ai_mode'] as const;
/** What runs without CITATION_ENGINES. */
export const DEFAULT_CITATION_ENGINE_IDS = ['chatgpt', 'perplexity', 'gemini', 'claude', 'google_ai_overviews'] as const;
export type CitationEngineId = (typeof CITATION_ENGINE_IDS)[number];

/**
 * A result row's status. Only `ok` says the engine answered with search on; the others explain why
 * `cited` is false without meaning "searched and not cited".
 */
export const CITATION_STATUSES = ['ok', 'no_search', 'no_ai_overview', 'not_configured', 'error'] as const;
export type CitationStatus = (typeof CITATION_STATUSES)[number];

export function isCitationEngineId(value: string): value is CitationEngineId {
  return (CITATION_ENGINE_IDS as readonly string[]).includes(value);
}
