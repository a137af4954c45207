/** get_audit: GET /audits/{id} for agents. */
import { z } from 'zod';
import { auditEnvelopeSchema } from '../../../shared/schema/api.js';
import { McpToolError } from '../backend.js';
import { defineTool } from '../tool.js';

export const getAuditTool = defineTool({
  name: 'get_audit',
  title: 'Read an audit',
  description: 'Answers {audit}: a stored audit by its id (the `id` of an audit_url answer), with every issue and signal.',
  input: z.strictObject({
    id: z.string().max(64).describe('The audit id, a UUID such as 0b7c5e1a-3f2d-4c8e-9a61-2d4f8e7b1c90.'),
  }),
  output: auditEnvelopeSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  availableWith: () => true,
  async run({ id }, backend) {
    const audit = await backend.getAudit(id);
    if (!audit) throw new McpToolError(`No audit with id "${id}" ${backend.auditScope}`);
    return { audit };
  },
});
