/** get_crawl: GET /crawls/{id} for agents (docs/api-decisions.md#crawls and docs/api-decisions.md#mcp-server). */
import { z } from 'zod';
import { crawlEnvelopeSchema } from '../../../shared/schema/crawl.js';
import { McpToolError } from '../backend.js';
import { defineTool } from '../tool.js';

export const getCrawlTool = defineTool({
  name: 'get_crawl',
  title: 'Read a site audit',
  description:
    'Answers {crawl}: a site audit by its id (the `id` of a crawl_site answer). While it runs, `progress` {discovered, audited, failed, skipped}; ' +
    'once complete, the site score, category scores, issues by pages affected, templates and site-level findings. Each page is also an ordinary audit (get_audit).',
  input: z.strictObject({
    id: z.string().max(64).describe('The crawl id, a UUID.'),
  }),
  output: crawlEnvelopeSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  availableWith: (backend) => backend.getCrawl !== undefined,
  async run({ id }, backend) {
    const crawl = await backend.getCrawl!(id);
    if (!crawl) throw new McpToolError(`No crawl with id "${id}" ${backend.auditScope}`);
    return { crawl };
  },
});
