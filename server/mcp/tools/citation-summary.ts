/** citation_summary: GET /citations/summary for agents (docs/api-decisions.md#projects-and-citation-intelligence and docs/api-decisions.md#mcp-server). */
import { z } from 'zod';
import { CITATION_ENGINE_IDS } from '../../../shared/schema/citation-engines.js';
import { citationSummaryEnvelopeSchema } from '../../../shared/schema/citation-intelligence.js';
import { defineTool } from '../tool.js';

export const citationSummaryTool = defineTool({
  name: 'citation_summary',
  title: 'Summarise AI visibility',
  description:
    "Answers {summary}: how visible the account's brand is in AI answer engines over a window of UTC days (default the last 30). " +
    'visibility = runs where the brand was named or cited / answered runs; citation_rate = runs citing its site / runs; ' +
    "share_of_voice = the brand's visible runs / (its own + its competitors'); avg_position of its citations; by_engine, each competitor, and a daily series. " +
    'API-measured: provider APIs can answer differently from the consumer apps.',
  input: z.strictObject({
    project_id: z
      .string()
      .max(64)
      .optional()
      .describe('One project (prj_ followed by 16 letters and digits); without it, every prompt of the account.'),
    prompt_id: z.string().max(64).optional().describe('One tracked prompt (prm_…).'),
    engine: z.enum(CITATION_ENGINE_IDS).optional().describe('Only this answer engine.'),
    since: z.string().max(64).optional().describe('First UTC day, such as 2026-09-01.'),
    until: z.string().max(64).optional().describe('Last UTC day, inclusive.'),
  }),
  output: citationSummaryEnvelopeSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  availableWith: (backend) => backend.citationSummary !== undefined,
  run: async (query, backend) => ({ summary: await backend.citationSummary!(query) }),
});
