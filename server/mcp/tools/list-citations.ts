/** list_citations: GET /citations for agents (the same filters, page size and cursor). */
import { z } from 'zod';
import { CITATION_ENGINE_IDS } from '../../../shared/schema/citation-engines.js';
import { citationListSchema } from '../../../shared/schema/citation.js';
import { defineTool } from '../tool.js';

export const listCitationsTool = defineTool({
  name: 'list_citations',
  title: 'List citation results',
  description:
    "Answers {citations, next_cursor}: whether AI answer engines cite the account's tracked sites for its tracked prompts. " +
    'By default the latest result per (prompt, engine); history=true lists every stored result, newest first. ' +
    'Each row says cited (true/false), position, cited_urls, runs and cited_runs, and for prompts of a project mentioned, mentioned_runs, visible_runs, ' +
    'competitors (each with mentioned_runs, cited_runs, visible_runs), the search_queries the engine ran and its surface (api or serp). Pass next_cursor back as cursor for the next page.',
  input: z.strictObject({
    engine: z.enum(CITATION_ENGINE_IDS).optional().describe('Only this answer engine.'),
    prompt_id: z.string().max(64).optional().describe('Only this tracked prompt (prm_ followed by 16 letters and digits).'),
    domain: z.string().max(253).optional().describe('Only prompts tracking this site, such as example.com.'),
    since: z
      .string()
      .max(64)
      .optional()
      .describe('Only results checked at or after this ISO 8601 date or date-time (2026-09-01 or 2026-09-01T12:00:00Z).'),
    history: z.boolean().optional().describe('Every stored result, newest first, instead of the latest per (prompt, engine).'),
    limit: z.number().int().min(1).max(100).optional().describe('Page size, 1 to 100 (default 20).'),
    cursor: z.string().max(300).optional().describe('next_cursor of the previous page, unchanged.'),
  }),
  output: citationListSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  availableWith: (backend) => backend.listCitations !== undefined,
  run: (query, backend) => backend.listCitations!(query),
});
