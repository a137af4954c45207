/**
 * The webhook routes in the OpenAPI document (docs/api-decisions.md#monitors-and-webhooks), and the events themselves as
 * OpenAPI 3.1 `webhooks`: one entry per event type, its body and headers.
 */
import {
  auditCompletedDataSchema,
  auditRegressedDataSchema,
  citationChangedDataSchema,
  crawlCompletedDataSchema,
  crawlerBlockedDataSchema,
  createdWebhookEnvelopeSchema,
  createdWebhookSchema,
  createWebhookRequestSchema,
  deliveryAttemptSchema,
  deliveryListSchema,
  deliverySchema,
  eventEnvelopeSchema,
  pingDataSchema,
  slackMessageSchema,
  testWebhookResponseSchema,
  webhookListSchema,
  webhookSchema,
  webmcpChangedDataSchema,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  updateWebhookRequestSchema,
  updatedWebhookSchema,
  updatedWebhookEnvelopeSchema,
  deliveryEnvelopeSchema,
} from '../../../shared/schema/webhook.js';
import { authErrors, errorResponse, jsonContent, jsonResponse, rateLimitHeaders, schemaRef } from '../refs.js';
import type { OpenApiObject, OpenApiSection } from '../types.js';
import { auditDiffSchema, categoryChangeSchema, issueRefSchema } from '../../../shared/schema/audit-diff.js';

const TAG = 'Webhooks';

const idParam = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The webhook id.',
  schema: { type: 'string', pattern: '^wh_[A-Za-z0-9]{16}$' },
};

const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'audit.completed':
    'An audit was stored for the account: POST /audits, an extension sync (once: resending the same audit raises nothing), an MCP audit, or a monitor run (`monitor_id`).',
  'crawl.completed': "A crawl monitor's crawl ended (`status` complete, failed or cancelled).",
  'audit.regressed':
    'Against the previous audit of the same URL (as submitted or final): the score fell by 5 or more, or a critical issue appeared that was not critical before. `reasons` says which; `diff` has the members of GET /audits/{id}/diff.',
  'crawler.blocked':
    'A search or user AI agent (OAI-SearchBot, ChatGPT-User, Claude-SearchBot, PerplexityBot, Googlebot, Bingbot, ...) that could read the page before is now refused by robots.txt (`blocked`) or gets a bot challenge (`challenged`).',
  'webmcp.changed': "The page's WebMCP status (`signals.webmcp.status`) changed.",
  'citation.gained': 'A (prompt, engine) pair became cited: its previous answered result (status ok) did not cite the site, this one does.',
  'citation.lost': 'A (prompt, engine) pair stopped being cited: its previous answered result cited the site, this one does not.',
  'crawler.spoofed':
    'A log upload of a project (POST /projects/{id}/logs) has hits of an agent from addresses outside the ranges its operator publishes, the first time for that agent in that project.',
  ping: 'Sent by POST /webhooks/{id}/test to that webhook alone.',
};

const envelopeName = (type: WebhookEventType) =>
  `${type
    .split(/[._]/)
    .map((w) => `${w[0]!.toUpperCase()}${w.slice(1)}`)
    .join('')}Event`;

const ENVELOPES = Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [envelopeName(type), eventEnvelopeSchema(type)]));

const DELIVERY_HEADERS: OpenApiObject[] = [
  {
    name: 'Citable-Event',
    in: 'header',
    required: true,
    description: 'The event type.',
    schema: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] },
  },
  {
    name: 'Citable-Event-Id',
    in: 'header',
    required: true,
    description: 'The event id (`evt_...`), the same on every retry: drop duplicates by it.',
    schema: { type: 'string' },
  },
  {
    name: 'Citable-Delivery',
    in: 'header',
    required: true,
    description: 'The delivery id (`dlv_...`): one per event and webhook, the same on every retry.',
    schema: { type: 'string' },
  },
  {
    name: 'Citable-Signature',
    in: 'header',
    required: true,
    description:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, the key being the whole secret (`whsec_...`). Recompute over the raw bytes received, compare in constant time, and refuse a `t` more than 5 minutes from your clock.',
    schema: { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}$' },
  },
];

function webhookEntry(type: WebhookEventType): OpenApiObject {
  return {
    post: {
      operationId: `event_${type.replace('.', '_')}`,
      summary: type,
      description: `${EVENT_DESCRIPTIONS[type]} Sent as \`POST\` to each webhook subscribed to \`${type}\` (or \`*\`). Any 2xx within 10 s is delivered; anything else is retried (30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h, each ±10 %), then marked failed; 410 Gone is not retried, and three in a row disable the webhook; redirects are not followed.`,
      parameters: DELIVERY_HEADERS,
      requestBody: {
        required: true,
        description: 'The `json` format: the event. The `slack` format sends `{"text": "..."}` (SlackMessage) with the same headers.',
        content: { 'application/json': { schema: { oneOf: [schemaRef(envelopeName(type)), schemaRef('SlackMessage')] } } },
      },
      responses: {
        '2XX': { description: 'Delivered.' },
        '410': { description: 'Gone: not retried; three in a row disable the webhook.' },
        default: { description: 'Retried later.' },
      },
    },
  };
}

export const webhooksSection: OpenApiSection = {
  tag: {
    name: TAG,
    description:
      "Signed HTTP callbacks for the account's events (the `webhooks` member of this document describes each). Every event is stored with its deliveries before the first attempt (an outbox), so a restart or a crash loses none, and every retry carries the same event id. " +
      'Webhook URLs pass the same SSRF guard as audits at creation (after DNS) and at every delivery; receivers that redirect are not followed.',
  },
  schemas: {
    Webhook: webhookSchema,
    CreatedWebhook: createdWebhookSchema,
    CreatedWebhookEnvelope: createdWebhookEnvelopeSchema,
    WebhookList: webhookListSchema,
    CreateWebhookRequest: createWebhookRequestSchema,
    Delivery: deliverySchema,
    DeliveryAttempt: deliveryAttemptSchema,
    DeliveryList: deliveryListSchema,
    TestWebhookResponse: testWebhookResponseSchema,
    UpdateWebhookRequest: updateWebhookRequestSchema,
    UpdatedWebhook: updatedWebhookSchema,
    UpdatedWebhookEnvelope: updatedWebhookEnvelopeSchema,
    DeliveryEnvelope: deliveryEnvelopeSchema,
    // The same names and schemas as the reports section's (GET /audits/{id}/diff).
    AuditDiff: auditDiffSchema,
    CategoryChange: categoryChangeSchema,
    IssueRef: issueRefSchema,
    AuditCompletedData: auditCompletedDataSchema,
    AuditRegressedData: auditRegressedDataSchema,
    CrawlerBlockedData: crawlerBlockedDataSchema,
    WebmcpChangedData: webmcpChangedDataSchema,
    CitationChangedData: citationChangedDataSchema,
    CrawlCompletedData: crawlCompletedDataSchema,
    PingData: pingDataSchema,
    SlackMessage: slackMessageSchema,
    ...ENVELOPES,
  },
  paths: {
    '/api/v1/webhooks': {
      get: {
        operationId: 'listWebhooks',
        tags: [TAG],
        summary: 'List webhooks',
        description: "The caller's webhooks, oldest first, without their secrets (at most 20 per account).",
        security: [{ bearerAuth: [] }],
        responses: { '200': jsonResponse('The webhooks.', 'WebhookList'), ...authErrors() },
      },
      post: {
        operationId: 'createWebhook',
        tags: [TAG],
        summary: 'Create a webhook',
        description:
          '`events`: event types (' +
          WEBHOOK_EVENT_TYPES.map((t) => `\`${t}\``).join(', ') +
          ') or `["*"]` for all. `format`: `json` (default, the event) or `slack` (`{"text": "..."}` for a Slack incoming webhook). ' +
          'The answer carries `secret` (`whsec_` + 32 letters and digits): it is shown only here; keep it to verify `Citable-Signature`.',
        security: [{ bearerAuth: [] }],
        requestBody: { required: true, description: 'At most 16 KB.', content: jsonContent(schemaRef('CreateWebhookRequest')) },
        responses: {
          '201': jsonResponse('The webhook and its secret.', 'CreatedWebhookEnvelope', { Location: 'Location' }),
          ...authErrors(
            "Malformed JSON, an unknown member, a URL that is not http(s) or holds credentials, an unknown event type, an unknown format, or the account's 20 webhooks reached.",
          ),
          '413': errorResponse('Body larger than 16 KB.'),
          '415': errorResponse('Content-Type is not application/json.'),
          '422': errorResponse(
            'The URL is refused: it resolves to a private, loopback, link-local or reserved address, is a special-use name, a refused port, or does not resolve.',
          ),
        },
      },
    },
    '/api/v1/webhooks/{id}': {
      patch: {
        operationId: 'updateWebhook',
        tags: [TAG],
        summary: 'Edit a webhook',
        description:
          'The members given replace the stored ones (`url`, `events`, `format`); the signing secret is kept unless `rotate_secret` is true, ' +
          'and a new one is answered in `secret` this once. A new URL passes the same checks as at creation and re-enables a webhook the 410 rule disabled.',
        security: [{ bearerAuth: [] }],
        parameters: [idParam],
        requestBody: { required: true, description: 'At most 16 KB.', content: jsonContent(schemaRef('UpdateWebhookRequest')) },
        responses: {
          '200': jsonResponse('The webhook (with `secret` when it was rotated).', 'UpdatedWebhookEnvelope'),
          ...authErrors('Malformed JSON, an empty body, an unknown member, a URL that is not http(s), an unknown event type or format.'),
          '404': errorResponse("No webhook with this id for this account (another account's is 404 too)."),
          '413': errorResponse('Body larger than 16 KB.'),
          '415': errorResponse('Content-Type is not application/json.'),
          '422': errorResponse('The URL is refused, as at creation.'),
        },
      },
      delete: {
        operationId: 'deleteWebhook',
        tags: [TAG],
        summary: 'Delete a webhook',
        description: 'Its pending deliveries are dropped with it, and its delivery log.',
        security: [{ bearerAuth: [] }],
        parameters: [idParam],
        responses: {
          '204': { description: 'Deleted.' },
          ...authErrors(),
          '404': errorResponse("No webhook with this id for this account (another account's is 404 too)."),
        },
      },
    },
    '/api/v1/webhooks/{id}/test': {
      post: {
        operationId: 'testWebhook',
        tags: [TAG],
        summary: 'Send a test ping',
        description:
          'Stores a `ping` event for this webhook alone and sends it at once, like any event (signed, retried). No request body. Follow it in GET /webhooks/{id}/deliveries.',
        security: [{ bearerAuth: [] }],
        parameters: [idParam],
        responses: {
          '202': jsonResponse('The ping and its delivery, pending.', 'TestWebhookResponse'),
          ...authErrors(),
          '404': errorResponse("No webhook with this id for this account (another account's is 404 too)."),
          '409': errorResponse('The webhook is disabled (the receiver answered 410 Gone three times in a row): create it again.'),
          '429': errorResponse('More than 10 test pings in a minute for this account.', {
            ...rateLimitHeaders,
            'Retry-After': 'Retry-After',
          }),
        },
      },
    },
    '/api/v1/webhooks/{id}/deliveries': {
      get: {
        operationId: 'listDeliveries',
        tags: [TAG],
        summary: 'The delivery log',
        description:
          "The webhook's deliveries, newest first, each with every attempt (`log`): status code or error, time, duration. `status`: `pending` (with `next_attempt_at`), `delivered` or `failed` (with `last_error`). " +
          'Finished deliveries are kept 30 days.',
        security: [{ bearerAuth: [] }],
        parameters: [
          idParam,
          {
            name: 'limit',
            in: 'query',
            description: 'Page size, 1 to 100 (default 50).',
            schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
          },
          {
            name: 'cursor',
            in: 'query',
            description: '`next_cursor` of the previous page, unchanged (opaque).',
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': jsonResponse('A page of deliveries.', 'DeliveryList'),
          ...authErrors('limit out of range, a cursor this server did not issue, or a parameter given twice.'),
          '404': errorResponse("No webhook with this id for this account (another account's is 404 too)."),
        },
      },
    },
    '/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver': {
      post: {
        operationId: 'redeliverDelivery',
        tags: [TAG],
        summary: 'Send a delivery again',
        description:
          "The delivery's event is sent again as a new delivery, due at once and retried like any other. It carries the same event `id`, so a receiver that keeps ids drops it as a duplicate. No request body. " +
          'Shares the limit of test pings (10 a minute per account).',
        security: [{ bearerAuth: [] }],
        parameters: [
          idParam,
          {
            name: 'delivery_id',
            in: 'path',
            required: true,
            description: 'The delivery id.',
            schema: { type: 'string', pattern: '^dlv_[A-Za-z0-9]{20}$' },
          },
        ],
        responses: {
          '202': jsonResponse('The new delivery, pending.', 'DeliveryEnvelope', { Location: 'Location' }),
          ...authErrors(),
          '404': errorResponse("No such webhook, or no such delivery of it, for this account (another account's is 404 too)."),
          '409': errorResponse('The webhook is disabled (the receiver answered 410 Gone three times in a row): change its URL first.'),
          '429': errorResponse('More than 10 test pings and redeliveries in a minute for this account.', {
            ...rateLimitHeaders,
            'Retry-After': 'Retry-After',
          }),
        },
      },
    },
  },
  webhooks: Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [type, webhookEntry(type)])),
};
