/** crawler_traffic: GET /projects/{id}/traffic for agents (docs/logs.md#the-api). */
import { z } from 'zod';
import { TRAFFIC_PURPOSES } from '../../../shared/logs/types.js';
import { trafficEnvelopeSchema } from '../../../shared/schema/traffic.js';
import { defineTool } from '../tool.js';

export const crawlerTrafficTool = defineTool({
  name: 'crawler_traffic',
  title: 'AI crawler traffic of a project',
  description:
    "Answers {traffic}: which AI agents fetched the project's site, from the access logs uploaded to it (POST /projects/{id}/logs), over a " +
    'window of UTC days (default every stored day): hits per agent (verified, spoofed or unverified by its address), per purpose and per day, ' +
    'AI referrals, the most fetched pages, the pages of the latest crawl no agent fetched (not_crawled), and the cited pages with their crawler hits.',
  input: z.strictObject({
    project_id: z.string().max(64).describe('The project (prj_ followed by 16 letters and digits).'),
    since: z.string().max(64).optional().describe('First UTC day, such as 2026-09-01.'),
    until: z.string().max(64).optional().describe('Last UTC day, inclusive.'),
    agent: z.string().max(100).optional().describe('One agent, such as GPTBot.'),
    purpose: z.enum(TRAFFIC_PURPOSES).optional().describe('One purpose.'),
  }),
  output: trafficEnvelopeSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  availableWith: (backend) => backend.crawlerTraffic !== undefined,
  run: async ({ project_id, ...query }, backend) => ({ traffic: await backend.crawlerTraffic!(project_id, query) }),
});
