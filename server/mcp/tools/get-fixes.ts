/** get_fixes: GET /audits/{id}/fixes and GET /crawls/{id}/fixes for agents (docs/fixes.md). */
import { z } from 'zod';
import { fixListSchema, fixPolicySchema } from '../../../shared/schema/fixes.js';
import { DEFAULT_FIX_POLICY } from '../../../shared/fixes/types.js';
import { McpToolError } from '../backend.js';
import { defineTool } from '../tool.js';

export const getFixesTool = defineTool({
  name: 'get_fixes',
  title: 'Fixes for an audit or a site audit',
  description:
    'Answers {fixes}: what to put on the site for the issues of an audit (audit_id) or a site audit (crawl_id): files to publish (robots.txt, llms.txt, ' +
    'llms-full.txt, a Markdown version of the page), snippets for the page <head> (head tags, JSON-LD) and server examples, each with the rules it fixes and a stable id. ' +
    'Read from the site as it answers now; values the site does not state are marked [FILL IN: ...].',
  input: z.strictObject({
    audit_id: z.string().max(64).optional().describe('An audit id (a UUID), as get_audit takes it.'),
    crawl_id: z.string().max(64).optional().describe('A crawl id (a UUID), as get_crawl takes it.'),
    policy: fixPolicySchema.optional().describe('What the robots.txt fix may change (default keep-training-choices).'),
  }),
  output: fixListSchema,
  annotations: { readOnlyHint: true, openWorldHint: true },
  availableWith: (backend) => backend.getFixes !== undefined,
  async run({ audit_id, crawl_id, policy }, backend) {
    if ((audit_id === undefined) === (crawl_id === undefined)) throw new McpToolError('Give exactly one of audit_id and crawl_id');
    const of = audit_id !== undefined ? 'audit' : 'crawl';
    const id = (audit_id ?? crawl_id)!;
    const fixes = await backend.getFixes!(of, id, policy ?? DEFAULT_FIX_POLICY);
    if (!fixes) throw new McpToolError(`No ${of} with id "${id}" ${backend.auditScope}`);
    return { fixes };
  },
});
