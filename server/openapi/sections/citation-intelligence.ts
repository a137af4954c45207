/** GET /citations/summary, /citations/sources and /citations/runs in the OpenAPI document (docs/api-decisions.md#projects-and-citation-intelligence). */
import { CITATION_ENGINE_IDS } from '../../../shared/schema/citation-engines.js';
import {
  citationRunListSchema,
  citationRunSchema,
  citationSourcesSchema,
  citationSummaryEnvelopeSchema,
  citationSummarySchema,
  sourceSchema,
} from '../../../shared/schema/citation-intelligence.js';
import { authErrors, errorResponse, jsonResponse } from '../refs.js';
import type { OpenApiSection } from '../types.js';

const TAG = 'Citations';
const q = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }) => ({
  name,
  in: 'query',
  description,
  schema,
});
const window = [
  q('since', 'First UTC day of the window (a date, or a date-time counted from its UTC day). Default: 29 days before until.', {
    type: 'string',
    format: 'date',
  }),
  q('until', 'Last UTC day of the window, inclusive. Default: today. A window is at most 1,096 days.', { type: 'string', format: 'date' }),
];
const engine = q('engine', 'Only this engine.', { type: 'string', enum: [...CITATION_ENGINE_IDS] });
const projectId = q('project_id', 'One project; without it, every prompt of the account (competitors of every project, by name).', {
  type: 'string',
  pattern: '^prj_[A-Za-z0-9]{16}$',
});
const promptId = q('prompt_id', 'One prompt.', { type: 'string', pattern: '^prm_[A-Za-z0-9]{16}$' });
const badWindow =
  'A malformed id, an unknown engine, a since or until that is not a real date (2026-02-30), until before since, a window over 1,096 days, or a parameter given twice.';

/** Merged into the Citations section (one tag): schemas and paths. */
export const citationIntelligence: Pick<OpenApiSection, 'schemas' | 'paths'> = {
  schemas: {
    CitationSummary: citationSummarySchema,
    CitationSummaryEnvelope: citationSummaryEnvelopeSchema,
    Source: sourceSchema,
    CitationSources: citationSourcesSchema,
    CitationRun: citationRunSchema,
    CitationRunList: citationRunListSchema,
  },
  paths: {
    '/api/v1/citations/summary': {
      get: {
        operationId: 'getCitationSummary',
        tags: [TAG],
        summary: 'Visibility, citation rate and share of voice over a window',
        description:
          'Over the answered runs in the window (errors and not_configured rows are not runs): `visibility` = visible_runs / runs (visible: the brand was mentioned or cited); ' +
          "`citation_rate` = cited_runs / runs; `share_of_voice` = visible_runs / (visible_runs + the competitors' visible_runs), 0 when that sum is 0; " +
          "`avg_position` the mean position over cited runs, or null. Ratios have 4 decimals. `by_engine` the same per engine; `competitors` each of the project's " +
          'competitors as it is now; `series` one entry per UTC day. Answered from daily rollups kept on every write, never by scanning runs. API-measured: provider APIs can answer differently from their consumer apps.',
        security: [{ bearerAuth: [] }],
        parameters: [projectId, promptId, engine, ...window],
        responses: {
          '200': jsonResponse('The summary.', 'CitationSummaryEnvelope'),
          ...authErrors(`${badWindow} A prompt_id outside the given project_id.`),
          '404': errorResponse('No project or prompt with this id for this account.'),
        },
      },
    },
    '/api/v1/citations/sources': {
      get: {
        operationId: 'listCitationSources',
        tags: [TAG],
        summary: 'The domains the engines cited',
        description:
          "Every registrable domain (Public Suffix List) cited in the window, most cited first (then by name): `owned` (the project's domain or an alias), " +
          "`competitor` (one of a competitor's domains, named in `competitor`) or `third_party`, judged against the project as it is now. `citations` counts each " +
          'distinct page a run cited; `runs` the runs that cited the domain; `top_urls` its five most cited pages.',
        security: [{ bearerAuth: [] }],
        parameters: [
          projectId,
          engine,
          ...window,
          q('limit', 'Domains, 1 to 500 (default 50).', { type: 'integer', minimum: 1, maximum: 500, default: 50 }),
        ],
        responses: {
          '200': jsonResponse('The sources.', 'CitationSources'),
          ...authErrors(`${badWindow} limit out of range.`),
          '404': errorResponse('No project with this id for this account.'),
        },
      },
    },
    '/api/v1/citations/runs': {
      get: {
        operationId: 'listCitationRuns',
        tags: [TAG],
        summary: 'The runs themselves: answer text, URLs and searches',
        description:
          'Every kept run, newest row first and its runs in order: the answer text (at most 20,000 characters), every cited and retrieved URL in display order, ' +
          'the searches the engine reports (OpenAI `web_search_call` queries, Gemini `webSearchQueries`, Claude `server_tool_use` queries, the SERP query; Perplexity reports only a count), ' +
          'and whether it mentioned or cited the brand and each competitor. Rows stored before runs were kept have none.',
        security: [{ bearerAuth: [] }],
        parameters: [
          promptId,
          engine,
          q('check_id', 'Only this check.', { type: 'string', pattern: '^chk_[A-Za-z0-9]{16}$' }),
          ...window.map((p) => ({ ...p, description: p.description.replace(/ Default:.*$/, '') })),
          q('limit', 'Runs, 1 to 50 (default 10).', { type: 'integer', minimum: 1, maximum: 50, default: 10 }),
          q('cursor', '`next_cursor` of the previous page, unchanged (opaque).'),
        ],
        responses: {
          '200': jsonResponse('A page of runs.', 'CitationRunList'),
          ...authErrors('A malformed id or date, an unknown engine, limit out of range, or a cursor this server did not issue.'),
        },
      },
    },
  },
};
