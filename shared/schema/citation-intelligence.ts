/**
 * Citation intelligence (docs/api-decisions.md#projects-and-citation-intelligence): the summary of a window of answered runs, the sources the
 * engines cited instead, and the runs themselves (answer text, URLs, search queries).
 */
import { z } from 'zod';
import { CITATION_ENGINE_IDS } from './citation-engines.js';

const ratio = z.number().min(0).max(1).describe('A ratio from 0 to 1, 4 decimals.');
const count = z.number().int().min(0);
const engine = z.enum(CITATION_ENGINE_IDS);

const figures = {
  runs: count.describe('Answered runs in the window (errors and not_configured rows are not runs).'),
  visible_runs: count.describe('Runs where the brand was mentioned or cited.'),
  mentioned_runs: count.describe('Runs whose answer text names the brand.'),
  cited_runs: count.describe("Runs that cited one of the project's domains."),
  visibility: ratio.describe('visible_runs / runs (0 when there are no runs).'),
  citation_rate: ratio.describe('cited_runs / runs.'),
  share_of_voice: ratio.describe("visible_runs / (visible_runs + the competitors' visible_runs); 0 when that sum is 0."),
  avg_position: z.number().min(1).nullable().describe('The mean position over cited runs (2 decimals), or null when none cited.'),
};

export const engineSummarySchema = z.strictObject({ engine, ...figures });

export const competitorSummarySchema = z.strictObject({
  name: z.string(),
  visible_runs: count,
  visibility: ratio,
  share_of_voice: ratio.describe("This competitor's visible_runs / (the brand's visible_runs + every competitor's visible_runs)."),
});

export const seriesPointSchema = z.strictObject({
  date: z.iso.date().describe('A UTC day.'),
  runs: count,
  visibility: ratio,
  share_of_voice: ratio,
});

export const citationSummarySchema = z.strictObject({
  ...figures,
  by_engine: z
    .array(engineSummarySchema)
    .describe('The same figures per engine, in engine order, for the engines with runs in the window.'),
  competitors: z.array(competitorSummarySchema),
  series: z.array(seriesPointSchema).describe('One entry per UTC day of the window, oldest first, days without runs included.'),
  since: z.iso.date().describe('First UTC day of the window.'),
  until: z.iso.date().describe('Last UTC day of the window (inclusive).'),
});

export const citationSummaryEnvelopeSchema = z.strictObject({ summary: citationSummarySchema });

export const SOURCE_KINDS = ['owned', 'competitor', 'third_party'] as const;

export const sourceSchema = z.strictObject({
  domain: z.string().describe('A registrable domain (Public Suffix List): blog.acme.co.uk counts as acme.co.uk.'),
  kind: z.enum(SOURCE_KINDS),
  /** For `competitor`: which one. */
  competitor: z.string().nullable(),
  citations: count.describe('Citations of its pages: each distinct page a run cited counts once for that run.'),
  runs: count.describe('Answered runs that cited it.'),
  engines: z.array(engine).describe('Engines that cited it, in engine order.'),
  top_urls: z.array(z.strictObject({ url: z.string(), citations: count })).describe('Its most cited pages, at most 5.'),
});

export const citationSourcesSchema = z.strictObject({
  sources: z.array(sourceSchema),
  since: z.iso.date(),
  until: z.iso.date(),
});

/** One answered (or failed) run with what it said. */
export const citationRunSchema = z.strictObject({
  prompt_id: z.string(),
  engine,
  check_id: z.string(),
  checked_at: z.iso.datetime({ offset: true }),
  /** 1-based, within its row. */
  run: z.number().int().min(1),
  status: z.enum(['ok', 'no_search', 'no_ai_overview', 'error']),
  error: z.string().optional(),
  /** The answer text, at most 20,000 characters. */
  answer: z.string(),
  answer_truncated: z.boolean(),
  cited_urls: z
    .array(z.string())
    .describe('Every cited URL in display order, cleaned (unwrapped, no tracking parameters or fragment), distinct.'),
  retrieved_urls: z.array(z.string()).describe('Every URL the engine reports it retrieved or read, in order, distinct.'),
  search_queries: z.array(z.string()),
  mentioned: z.boolean(),
  cited: z.boolean(),
  position: z.number().int().min(1).nullable(),
  competitors: z.array(z.strictObject({ name: z.string(), mentioned: z.boolean(), cited: z.boolean() })),
});

export const citationRunListSchema = z.strictObject({
  runs: z.array(citationRunSchema),
  next_cursor: z.string().nullable(),
});

export type CitationSummary = z.infer<typeof citationSummarySchema>;
export type EngineSummary = z.infer<typeof engineSummarySchema>;
export type CitationSources = z.infer<typeof citationSourcesSchema>;
export type Source = z.infer<typeof sourceSchema>;
export type SourceKind = (typeof SOURCE_KINDS)[number];
export type CitationRun = z.infer<typeof citationRunSchema>;
/** A run as stored with its row (the listing adds the row's identity). */
export type RunRecord = Omit<CitationRun, 'prompt_id' | 'engine' | 'check_id' | 'checked_at' | 'run'>;
export type CitationRunList = z.infer<typeof citationRunListSchema>;
