/** Client reports, branding, share links and diffs in the OpenAPI document (contract section 11). */
import { auditDiffEnvelopeSchema, auditDiffSchema, categoryChangeSchema, issueRefSchema } from '../../../shared/schema/audit-diff.js';
import { authErrors, errorResponse, jsonResponse } from '../refs.js';
import type { OpenApiSection } from '../types.js';

const TAG = 'Reports';

const auditIdParam = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The audit id (a lowercase UUID).',
  schema: { type: 'string', format: 'uuid' },
};

export const reportsSection: OpenApiSection = {
  tag: {
    name: TAG,
    description: 'What an agency hands its client: self-contained HTML and PDF reports with its branding, read-only share links, and what changed between two audits.',
  },
  schemas: {
    AuditDiff: auditDiffSchema,
    AuditDiffEnvelope: auditDiffEnvelopeSchema,
    CategoryChange: categoryChangeSchema,
    IssueRef: issueRefSchema,
  },
  paths: {
    '/api/v1/audits/{id}/diff': {
      get: {
        operationId: 'diffAudit',
        tags: [TAG],
        summary: 'What changed since an earlier audit',
        description:
          'Compares the audit with `against`: `previous` (the default), the account\'s latest earlier audit of the same page (an audit whose `url` or `final_url` equals this one\'s `url` or `final_url`, scanned before it), or another audit id of the account. ' +
          'Issues are matched by rule id: a rule whose severity or wording changed is neither new nor fixed. A category "n/a" on a side reads `null` there, and its `delta` is `null`. ' +
          '`crawlers` lists the agents checked in both audits whose robots.txt verdict changed; `webmcp` is always present.',
        security: [{ bearerAuth: [] }],
        parameters: [
          auditIdParam,
          {
            name: 'against',
            in: 'query',
            description: '`previous` or the id of the audit to compare against.',
            schema: { type: 'string', default: 'previous', anyOf: [{ const: 'previous' }, { format: 'uuid' }] },
          },
        ],
        responses: {
          '200': jsonResponse('The diff, from the audit compared against to this one.', 'AuditDiffEnvelope'),
          ...authErrors('`against` is neither `previous` nor a UUID, or is given twice.'),
          '404': errorResponse('No such audit for this account, no audit with the `against` id, or (`previous`) no earlier audit of this page.'),
        },
      },
    },
  },
};
