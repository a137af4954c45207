/** The audit routes in the OpenAPI document (docs/api-decisions.md#http-api). */
import {
  auditEnvelopeSchema,
  auditListSchema,
  auditSummarySchema,
  createAuditRequestSchema,
  errorBodySchema,
  syncAuditBodySchema,
} from '../../../shared/schema/api.js';
import {
  agentDiscoveryFileSchema,
  agentDiscoverySignalSchema,
  auditSchema,
  categoryScoreSchema,
  crawlerVerdictSchema,
  servedSchema,
  issueSchema,
  ruleErrorSchema,
  scoreCapSchema,
  signalsSchema,
} from '../../../shared/schema/audit.js';
import { authErrors, errorResponse, jsonContent, jsonResponse, rateLimitHeaders, schemaRef } from '../refs.js';
import type { OpenApiSection } from '../types.js';

const auditIdParam = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The audit id, a UUID: any case is accepted (RFC 9562), audits are stored and answered with it in lower case.',
  schema: { type: 'string', format: 'uuid' },
};

export const auditsSection: OpenApiSection = {
  tag: { name: 'Audits', description: 'Run, store and read audits of how AI answer engines can read, use and cite a page.' },
  schemas: {
    Error: errorBodySchema,
    Audit: auditSchema,
    CategoryScore: categoryScoreSchema,
    Issue: issueSchema,
    RuleError: ruleErrorSchema,
    ScoreCap: scoreCapSchema,
    Signals: signalsSchema,
    AgentDiscoverySignal: agentDiscoverySignalSchema,
    AgentDiscoveryFile: agentDiscoveryFileSchema,
    AuditEnvelope: auditEnvelopeSchema,
    SyncAuditRequest: syncAuditBodySchema,
    AuditSummary: auditSummarySchema,
    AuditList: auditListSchema,
    CreateAuditRequest: createAuditRequestSchema,
    CrawlerVerdict: crawlerVerdictSchema,
    Served: servedSchema,
  },
  paths: {
    '/api/v1/audits': {
      post: {
        operationId: 'createAudit',
        tags: ['Audits'],
        summary: 'Run an audit',
        description:
          'Audits the URL (a bare host such as `example.com` is accepted; http and https only), stores the audit and returns it once the scan completes (typically well under 60 seconds). ' +
          'Private, loopback, link-local and reserved addresses are refused (422) on every redirect, after DNS resolution; ' +
          'special-use names that never resolve on the public internet (`localhost`, `*.localhost`, `.local`, `.internal`, `.home.arpa`, `.test`, `.invalid`, `.example`) are refused (422) before any lookup. ' +
          'Counts toward the rate limit of 10 audits per minute per account; requests refused with 400 do not count. ' +
          '`agents` chooses which AI agents the page is also fetched as (`crawlers[].served`): `sample` (default, at most 8) or `all`; ' +
          'a user-agent probe cannot see rules that verify crawlers by IP address, so `ok` does not prove the real crawler is let in.',
        security: [{ bearerAuth: [] }],
        requestBody: {
          required: true,
          description: 'At most 16 KB.',
          content: jsonContent(schemaRef('CreateAuditRequest')),
        },
        responses: {
          '201': jsonResponse('The audit, with `signals`.', 'AuditEnvelope', { ...rateLimitHeaders, Location: 'Location' }),
          ...authErrors(
            'Malformed JSON, or `url` missing, not a string, not http(s), with credentials, or longer than 2048 characters, or `agents` neither `sample` nor `all`.',
          ),
          '413': errorResponse('Body larger than 16 KB.'),
          '415': errorResponse('Content-Type is not application/json.'),
          '422': errorResponse(
            'A valid URL that cannot be audited: DNS failure, connection refused, TLS error, timeout, a private or reserved address, or a special-use name such as `foo.localhost` (never looked up).',
          ),
          '429': errorResponse(
            'More than 10 audits in a minute for this account: `{"error": "Rate limit exceeded: max 10 audits per minute"}`.',
            {
              ...rateLimitHeaders,
              'Retry-After': 'Retry-After',
            },
          ),
          '503': errorResponse('Too many audits running on the server, or the server is shutting down; retry after Retry-After.', {
            'Retry-After': 'Retry-After',
          }),
        },
      },
      get: {
        operationId: 'listAudits',
        tags: ['Audits'],
        summary: 'List audits',
        description: "The caller's audits, newest `scanned_at` first, as summaries (no issues). Follow `next_cursor` for the next page.",
        security: [{ bearerAuth: [] }],
        parameters: [
          {
            name: 'limit',
            in: 'query',
            description: 'Page size, 1 to 100 (default 20).',
            schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
          {
            name: 'cursor',
            in: 'query',
            description: '`next_cursor` of the previous page, unchanged (opaque).',
            schema: { type: 'string' },
          },
          {
            name: 'url',
            in: 'query',
            description: 'Only audits whose `url` (as submitted) or `final_url` equals this.',
            schema: { type: 'string', maxLength: 2048 },
          },
        ],
        responses: {
          '200': jsonResponse('A page of audit summaries.', 'AuditList'),
          ...authErrors(
            '`limit` out of range, a cursor this server did not issue, an empty or over-long `url`, or a parameter given twice.',
          ),
        },
      },
    },
    '/api/v1/audits/{id}': {
      get: {
        operationId: 'getAudit',
        tags: ['Audits'],
        summary: 'Retrieve an audit',
        description:
          'The stored audit with its full category breakdown, every issue and `signals`. ' +
          'An audit stored by a server older than `category_scores[].applicable`, `rule_errors` and `score_cap` is returned as stored, without them: read a missing `applicable` as true and a missing `score_cap` as null.',
        security: [{ bearerAuth: [] }],
        parameters: [auditIdParam],
        responses: {
          '200': jsonResponse('The audit.', 'AuditEnvelope'),
          ...authErrors(),
          '404': errorResponse("No audit with this id for this account (another account's audit and a malformed id are 404 too)."),
        },
      },
      put: {
        operationId: 'syncAudit',
        tags: ['Audits'],
        summary: 'Store an audit run by the browser extension (idempotent sync)',
        description:
          'The body is `{"audit": Audit}` exactly as the engine produced it, with `origin: "extension"` and the id of the path. ' +
          'An audit from an extension older than these members may omit `category_scores[].applicable`, `rule_errors` and `score_cap`: ' +
          'they are stored filled in (every category applicable, no rule errors, the cap derived from the categories and critical issues). ' +
          'Retrying with the same content is safe (200). At most 120 syncs per minute per account; a request refused with 400 does not count.',
        security: [{ bearerAuth: [] }],
        parameters: [auditIdParam],
        requestBody: { required: true, description: 'At most 5 MB.', content: jsonContent(schemaRef('SyncAuditRequest')) },
        responses: {
          '200': jsonResponse('This account already holds the identical audit.', 'AuditEnvelope', rateLimitHeaders),
          '201': jsonResponse('The audit is stored.', 'AuditEnvelope', { ...rateLimitHeaders, Location: 'Location' }),
          ...authErrors(
            "Malformed JSON, an audit that does not match the schema or breaks the contract's invariants (six categories in contract order; issues ordered with `position` their index; " +
              'http(s) URLs; the score the weighted mean of the applicable categories within one point, or 49 with `score_cap` under the critical cap): the first problem is named; ' +
              'an id that differs from the path, or an origin other than "extension".',
          ),
          '409': errorResponse('This id already holds a different audit.'),
          '413': errorResponse('Body larger than 5 MB.'),
          '415': errorResponse('Content-Type is not application/json.'),
          '429': errorResponse('More than 120 syncs in a minute for this account.', { ...rateLimitHeaders, 'Retry-After': 'Retry-After' }),
        },
      },
    },
  },
};
