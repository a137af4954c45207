/** AI crawler traffic of projects in the OpenAPI document (docs/logs.md#the-api). */
import { logIngestEnvelopeSchema, logIngestSchema, trafficEnvelopeSchema, trafficSchema } from '../../../shared/schema/traffic.js';
import { TRAFFIC_PURPOSES } from '../../../shared/logs/types.js';
import { authErrors, errorResponse, jsonResponse } from '../refs.js';
import type { OpenApiSection } from '../types.js';

const TAG = 'Traffic';
const idParam = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The project id.',
  schema: { type: 'string', pattern: '^prj_[A-Za-z0-9]{16}$' },
};
const notFound = (what = 'project') => ({
  '404': errorResponse(`No ${what} with this id for this account (another account's project is 404 too).`),
});
const binary = { type: 'string', format: 'binary' };

export const trafficSection: OpenApiSection = {
  tag: {
    name: TAG,
    description:
      "Which AI agents fetch a project's site, read from its access logs: upload a log file (nginx/Apache combined, Cloudflare Logpush, " +
      'CloudFront or JSON lines; plain or gzip), then read the traffic from daily rollups. The same object as `citable logs --json`.',
  },
  schemas: {
    LogIngest: logIngestSchema,
    LogIngestEnvelope: logIngestEnvelopeSchema,
    Traffic: trafficSchema,
    TrafficEnvelope: trafficEnvelopeSchema,
  },
  paths: {
    '/api/v1/projects/{id}/logs': {
      post: {
        operationId: 'uploadLogs',
        tags: [TAG],
        summary: 'Upload an access log',
        description:
          'The body is the log file as it is, or gzipped (with `Content-Encoding: gzip`, or without: gzip is recognised by its first bytes). It is ' +
          'streamed to disk and hashed, never held in memory, up to LOG_UPLOAD_MAX_BYTES (default 2 GiB). The lines are read in the background: ' +
          'follow the ingest with GET /projects/{id}/logs/{ingest_id}. The same bytes uploaded again answer 200 with the first ingest and count ' +
          'nothing twice; an upload that breaks off counts nothing.',
        security: [{ bearerAuth: [] }],
        parameters: [idParam],
        requestBody: {
          required: true,
          content: {
            'application/octet-stream': { schema: binary },
            'text/plain': { schema: binary },
            'application/gzip': { schema: binary },
          },
        },
        responses: {
          '200': jsonResponse('These bytes were uploaded before: the first ingest.', 'LogIngestEnvelope'),
          '202': jsonResponse('The ingest, queued.', 'LogIngestEnvelope', { Location: 'Location' }),
          ...authErrors('An empty body, a body that broke off, or `Content-Encoding: gzip` on a body that is not gzip.'),
          ...notFound(),
          '413': errorResponse('Larger than LOG_UPLOAD_MAX_BYTES.'),
          '415': errorResponse('A Content-Encoding other than gzip (or none).'),
        },
      },
    },
    '/api/v1/projects/{id}/logs/{ingest_id}': {
      get: {
        operationId: 'getLogIngest',
        tags: [TAG],
        summary: "An upload's progress",
        security: [{ bearerAuth: [] }],
        parameters: [
          idParam,
          {
            name: 'ingest_id',
            in: 'path',
            required: true,
            description: 'The ingest id.',
            schema: { type: 'string', pattern: '^ing_[A-Za-z0-9]{16}$' },
          },
        ],
        responses: { '200': jsonResponse('The ingest.', 'LogIngestEnvelope'), ...authErrors(), ...notFound('project or ingest') },
      },
    },
    '/api/v1/projects/{id}/traffic': {
      get: {
        operationId: 'getTraffic',
        tags: [TAG],
        summary: "The project's AI crawler traffic",
        description:
          'Added up from the stored daily rollups (UTC days). `since` and `until` take a date or a date-time, whose whole UTC day counts; without ' +
          'them, every stored day. `agent` keeps one agent (case-insensitive), `purpose` one purpose; referrals (people) are kept whole. Page ' +
          'lists are the busiest pages of each day.',
        security: [{ bearerAuth: [] }],
        parameters: [
          idParam,
          {
            name: 'since',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description: 'First day (ISO 8601 date or date-time).',
          },
          { name: 'until', in: 'query', required: false, schema: { type: 'string' }, description: 'Last day, included.' },
          {
            name: 'agent',
            in: 'query',
            required: false,
            schema: { type: 'string', maxLength: 100 },
            description: 'One agent, such as GPTBot.',
          },
          { name: 'purpose', in: 'query', required: false, schema: { type: 'string', enum: [...TRAFFIC_PURPOSES] } },
        ],
        responses: {
          '200': jsonResponse('The traffic.', 'TrafficEnvelope'),
          ...authErrors('A date that does not exist, since after until, a parameter given twice, or an unknown purpose.'),
          ...notFound(),
        },
      },
    },
  },
};
