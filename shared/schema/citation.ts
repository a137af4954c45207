/** Citation results and checks (docs/api-decisions.md#http-api and docs/api-decisions.md#citation-tracking; the first four members are the API's base fields). */
import { z } from 'zod';
import { CITATION_ENGINE_IDS, CITATION_STATUSES } from './citation-engines.js';

const isoTimestamp = z.iso.datetime({ offset: true });

export const citationEngineSchema = z.enum(CITATION_ENGINE_IDS);
export const citationStatusSchema = z.enum(CITATION_STATUSES);

/** Per competitor of the prompt's project, over the row's answered runs. */
export const competitorCountsSchema = z.strictObject({
  name: z.string(),
  mentioned_runs: z.number().int().min(0),
  cited_runs: z.number().int().min(0),
  visible_runs: z.number().int().min(0),
});

/**
 * How the engine was measured: `api` a provider's API (which can answer differently from its consumer app), `serp` a SERP API reading
 * Google's results page.
 */
export const CITATION_SURFACES = ['api', 'serp'] as const;

export const citationResultSchema = z.strictObject({
  prompt: z.string(),
  engine: citationEngineSchema,
  /** The site was among the citations the engine showed in at least one run (cited_runs >= 1). */
  cited: z.boolean(),
  checked_at: isoTimestamp,
  prompt_id: z.string(),
  domain: z.string(),
  status: citationStatusSchema,
  /** Why: present when status is `error` or `not_configured`. */
  error: z.string().optional(),
  /** The matching citations, unwrapped and without tracking parameters or fragments, in display order. */
  cited_urls: z.array(z.string()),
  /** 1-based rank of the first matching citation among the distinct citations shown (best run), or null. */
  position: z.number().int().min(1).nullable(),
  /** Runs that got an answer (errors excluded). */
  runs: z.number().int().min(0),
  /** Runs whose answer cited the site. */
  cited_runs: z.number().int().min(0),
  /** Runs that failed (their reason is in `error` when every run failed). */
  failed_runs: z.number().int().min(0),
  /** The site was among the sources the engine retrieved in at least one run, cited or not. */
  retrieved: z.boolean(),
  /** Citations whose real address could not be determined (a Gemini redirect that did not resolve); never counted as matches. */
  unresolved_citations: z.number().int().min(0),
  /** The model asked, or null (AI Overviews, or not configured). */
  model: z.string().nullable(),
  /** The check that produced this row. */
  check_id: z.string(),
  /** The prompt's project, or null. */
  project_id: z.string().nullable(),
  /** The brand (the project's brand name or an alias) appeared in the answer text of at least one run. */
  mentioned: z.boolean(),
  /** Answered runs whose text names the brand (whole word, case- and accent-insensitive, never inside a URL or e-mail address). */
  mentioned_runs: z.number().int().min(0),
  /** Answered runs where the brand was mentioned or cited. */
  visible_runs: z.number().int().min(0),
  /** The web searches the engine reports it ran, over the runs, distinct, in order. */
  search_queries: z.array(z.string()),
  /** The project's competitors, each over the same runs. */
  competitors: z.array(competitorCountsSchema),
  /** `api` or `serp`: rows are API-measured, not read from the consumer apps. */
  surface: z.enum(CITATION_SURFACES),
});

export const citationListSchema = z.strictObject({
  citations: z.array(citationResultSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});

export const CHECK_STATUSES = ['running', 'completed', 'failed'] as const;

export const citationCheckSchema = z.strictObject({
  id: z.string().regex(/^chk_[A-Za-z0-9]{16}$/),
  status: z.enum(CHECK_STATUSES),
  created_at: isoTimestamp,
  finished_at: isoTimestamp.nullable(),
  /** Prompts this check covers. */
  prompt_count: z.number().int().min(0),
  /** (prompt, engine) rows stored so far. */
  result_count: z.number().int().min(0),
  /** (prompt, engine) rows the check stores when it ends: its progress is result_count of pair_count. */
  pair_count: z.number().int().min(0),
  /** Prompts left out because another running check was already checking them. */
  skipped_prompts: z.number().int().min(0),
  error: z.string().optional(),
});

/** POST /citations/checks: the whole account (no body, or `{}`), one project's prompts, or one prompt. */
export const startCheckRequestSchema = z.strictObject({
  project_id: z.string({ error: 'project_id must be a string' }).optional(),
  prompt_id: z.string({ error: 'prompt_id must be a string' }).optional(),
});

export const citationCheckEnvelopeSchema = z.strictObject({ check: citationCheckSchema });

export type CitationResult = z.infer<typeof citationResultSchema>;
export type CompetitorCounts = z.infer<typeof competitorCountsSchema>;
export type CitationSurface = (typeof CITATION_SURFACES)[number];
export type CitationList = z.infer<typeof citationListSchema>;
export type CitationCheck = z.infer<typeof citationCheckSchema>;
export type StartCheckRequest = z.infer<typeof startCheckRequestSchema>;
export type CheckStatus = (typeof CHECK_STATUSES)[number];
