/** The monitor routes in the OpenAPI document (docs/api-decisions.md#monitors-and-webhooks). */
import {
  createMonitorRequestSchema,
  monitorEnvelopeSchema,
  monitorListSchema,
  monitorSchema,
  updateMonitorRequestSchema,
} from '../../../shared/schema/monitor.js';
import { authErrors, errorResponse, jsonContent, jsonResponse, rateLimitHeaders, schemaRef } from '../refs.js';
import type { OpenApiSection } from '../types.js';

const TAG = 'Monitors';

const idParam = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The monitor id.',
  schema: { type: 'string', pattern: '^mon_[A-Za-z0-9]{16}$' },
};

export const monitorsSection: OpenApiSection = {
  tag: {
    name: TAG,
    description:
      'Re-audit a URL (`kind: "audit"`) or re-crawl a site (`kind: "crawl"`) every hour, day or week. The first run starts when the monitor is created; ' +
      'then a run is due every period from that time. Each due time runs exactly once across every API process (PostgreSQL decides; with REDIS_URL a BullMQ repeatable job triggers the passes); ' +
      'after downtime one catch-up run happens, never one per missed period. Monitor runs do not count toward the 10 audits per minute. ' +
      'Each run stores an ordinary audit (GET /audits/{id}) and raises the events of its webhooks (audit.completed, audit.regressed, crawler.blocked, webmcp.changed; crawl.completed for crawls). ' +
      'A monitor can be paused and resumed (PATCH /monitors/{id}): a paused monitor keeps its settings and history but never runs.',
  },
  schemas: {
    Monitor: monitorSchema,
    MonitorEnvelope: monitorEnvelopeSchema,
    MonitorList: monitorListSchema,
    CreateMonitorRequest: createMonitorRequestSchema,
    UpdateMonitorRequest: updateMonitorRequestSchema,
  },
  paths: {
    '/api/v1/monitors': {
      get: {
        operationId: 'listMonitors',
        tags: [TAG],
        summary: 'List monitors',
        description: "The caller's monitors, oldest first (at most 100 per account, so there is no paging).",
        security: [{ bearerAuth: [] }],
        responses: { '200': jsonResponse('The monitors.', 'MonitorList'), ...authErrors() },
      },
      post: {
        operationId: 'createMonitor',
        tags: [TAG],
        summary: 'Create a monitor',
        description:
          '`url` as for POST /audits (a bare host is accepted). `every`: `hour`, `day` or `week`. `max_pages` (1 to 10,000, default 100) applies to crawl monitors only. ' +
          'A crawl monitor needs site crawls on the server; without them each run records `last_error` and nothing else.',
        security: [{ bearerAuth: [] }],
        requestBody: { required: true, description: 'At most 16 KB.', content: jsonContent(schemaRef('CreateMonitorRequest')) },
        responses: {
          '201': jsonResponse('The monitor; its first run has started.', 'MonitorEnvelope', { Location: 'Location' }),
          ...authErrors(
            "Malformed JSON, an unknown member, a missing or invalid url, kind or every, max_pages out of range or given for an audit monitor, or the account's 100 monitors reached.",
          ),
          '413': errorResponse('Body larger than 16 KB.'),
          '415': errorResponse('Content-Type is not application/json.'),
          '422': errorResponse('A valid URL that can never be audited: a private, loopback or reserved address, or a special-use name.'),
        },
      },
    },
    '/api/v1/monitors/{id}': {
      patch: {
        operationId: 'updateMonitor',
        tags: [TAG],
        summary: 'Pause, resume or edit a monitor',
        description:
          '`{"paused": true}` pauses the monitor: no scheduled run, a pending "run now" is dropped, and POST /monitors/{id}/run answers 409 until it is resumed; a run already going finishes. ' +
          'Pausing a paused monitor keeps its `paused_at`. `{"paused": false}` resumes it: if a due time passed while it was paused, `next_run_at` becomes now and one catch-up run starts (never one per missed period); ' +
          'the cadence then counts from the resume. Resuming a monitor that is not paused changes nothing. ' +
          '`{"every": ...}` changes the schedule (a shorter period moves the next run to at most one new period from now) and `{"max_pages": ...}` a crawl monitor\'s pages per crawl; ' +
          '`paused` is not sent together with them.',
        security: [{ bearerAuth: [] }],
        parameters: [idParam],
        requestBody: { required: true, description: 'At most 16 KB.', content: jsonContent(schemaRef('UpdateMonitorRequest')) },
        responses: {
          '200': jsonResponse('The monitor as it is now.', 'MonitorEnvelope'),
          ...authErrors(
            'Malformed JSON, an unknown member, an empty body, `paused` not a boolean or sent with an edit, `every` not hour, day or week, or `max_pages` out of range or for an audit monitor.',
          ),
          '404': errorResponse("No monitor with this id for this account (another account's is 404 too)."),
          '413': errorResponse('Body larger than 16 KB.'),
          '415': errorResponse('Content-Type is not application/json.'),
        },
      },
      delete: {
        operationId: 'deleteMonitor',
        tags: [TAG],
        summary: 'Delete a monitor',
        description: 'No further runs; the audits it stored stay.',
        security: [{ bearerAuth: [] }],
        parameters: [idParam],
        responses: {
          '204': { description: 'Deleted.' },
          ...authErrors(),
          '404': errorResponse("No monitor with this id for this account (another account's is 404 too)."),
        },
      },
    },
    '/api/v1/monitors/{id}/run': {
      post: {
        operationId: 'runMonitor',
        tags: [TAG],
        summary: 'Run a monitor now',
        description:
          'Starts a run now, in the background, without changing the schedule. While a run is asked for or running, asking again adds nothing. No request body. At most 10 per minute per account.',
        security: [{ bearerAuth: [] }],
        parameters: [idParam],
        responses: {
          '202': jsonResponse('The monitor (`running` is true once the run has started).', 'MonitorEnvelope', rateLimitHeaders),
          ...authErrors(),
          '404': errorResponse("No monitor with this id for this account (another account's is 404 too)."),
          '409': errorResponse('The monitor is paused: resume it first (PATCH /monitors/{id} with `{"paused": false}`).'),
          '429': errorResponse('More than 10 runs asked for in a minute by this account.', {
            ...rateLimitHeaders,
            'Retry-After': 'Retry-After',
          }),
        },
      },
    },
  },
};
