/** audit_url: POST /audits for agents. Runs an audit now and answers the audit (with signals). */
import { z } from 'zod';
import { agentSelectionSchema, auditEnvelopeSchema } from '../../../shared/schema/api.js';
import { MAX_URL_LENGTH } from '../../../shared/url/normalize.js';
import { defineTool } from '../tool.js';

export const auditUrlTool = defineTool({
  name: 'audit_url',
  title: 'Audit a page for AI answer engines',
  description:
    'Audits one web page: can AI answer engines (ChatGPT, Perplexity, Claude, Gemini, Google AI Overviews) read, use and cite it? ' +
    'Answers {audit}: score 0-100, six category scores, issues ordered by severity (critical first) with what to fix, ' +
    'per-crawler robots.txt verdicts and what each probed AI agent was served (`crawlers[].served`; a user-agent probe cannot see rules that verify crawlers by IP address, so `ok` does not prove the real crawler gets in), ' +
    'llms.txt status and WebMCP signals. Takes up to about a minute. ' +
    'Behind an API key it is stored for the account and counts toward its limit of 10 audits per minute.',
  input: z.strictObject({
    url: z.string().max(MAX_URL_LENGTH).describe('The page: an http(s) URL, or a bare host such as example.com (https is tried first).'),
    agents: agentSelectionSchema
      .optional()
      .describe('Which AI agents the page is also fetched as: "sample" (default, at most 8) or "all" (every agent that sends requests).'),
    render: z
      .boolean()
      .optional()
      .describe(
        'Also load the page in headless Chromium (default false) and compare it with the server HTML: fills `rendering` and runs the rules that need the rendered page.',
      ),
  }),
  output: auditEnvelopeSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  writes: 'it stores an audit',
  availableWith: () => true,
  run: async ({ url, agents, render }, backend) => ({
    audit: await backend.runAudit(url, { ...(agents ? { agents } : {}), ...(render ? { render } : {}) }),
  }),
});
