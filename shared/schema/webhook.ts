/**
 * Webhooks (docs/api-decisions.md#monitors-and-webhooks): where events are sent, how each delivery went, and the events
 * themselves (`{id, type, created_at, data}`). The event data schemas feed the OpenAPI document's
 * `webhooks` member, so receivers can generate types from it.
 */
import { z } from 'zod';
import { auditSummarySchema } from './api.js';
import { auditDiffSchema } from './audit-diff.js';
import { citationEngineSchema } from './citation.js';
import { MAX_URL_LENGTH } from '../url/normalize.js';

export const WEBHOOK_EVENT_TYPES = [
  'audit.completed',
  'crawl.completed',
  'audit.regressed',
  'crawler.blocked',
  'webmcp.changed',
  'citation.gained',
  'citation.lost',
  'crawler.spoofed',
  'ping',
] as const;
export const WEBHOOK_FORMATS = ['json', 'slack'] as const;
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const WEBHOOK_ID_PATTERN = /^wh_[A-Za-z0-9]{16}$/;
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9]{32}$/;
export const EVENT_ID_PATTERN = /^evt_[A-Za-z0-9]{24}$/;
export const DELIVERY_ID_PATTERN = /^dlv_[A-Za-z0-9]{20}$/;

const isoTimestamp = z.iso.datetime({ offset: true });
const eventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

export const webhookSchema = z.strictObject({
  id: z.string().regex(WEBHOOK_ID_PATTERN),
  url: z.string(),
  /** Event types sent to this URL, or `["*"]` for every type. */
  events: z.array(z.union([eventTypeSchema, z.literal('*')])),
  format: z.enum(WEBHOOK_FORMATS),
  created_at: isoTimestamp,
  /** Set when the server stopped sending (the receiver answered 410 Gone repeatedly); null while active. */
  disabled_at: isoTimestamp.nullable(),
  disabled_reason: z.string().nullable(),
});

/** POST /webhooks (201): the webhook and its signing secret, shown only in this answer. */
export const createdWebhookSchema = webhookSchema.extend({
  secret: z.string().regex(WEBHOOK_SECRET_PATTERN),
});

export const createWebhookRequestSchema = z.strictObject({
  url: z
    .string({ error: 'url is required: the https URL that receives the events' })
    .min(1, 'url is required: the https URL that receives the events')
    .max(MAX_URL_LENGTH, `url is longer than ${MAX_URL_LENGTH} characters`),
  events: z
    .array(z.union([eventTypeSchema, z.literal('*')]), {
      error: `events must be a list of event types (${WEBHOOK_EVENT_TYPES.join(', ')}) or ["*"]`,
    })
    .min(1, 'events must name at least one event type, or be ["*"]')
    .max(WEBHOOK_EVENT_TYPES.length + 1),
  format: z.enum(WEBHOOK_FORMATS, { error: 'format must be "json" or "slack"' }).optional(),
});

/** PATCH /webhooks/{id}: the members given replace the stored ones; `rotate_secret: true` makes a new secret (answered once). */
export const updateWebhookRequestSchema = z.strictObject({
  url: createWebhookRequestSchema.shape.url.optional(),
  events: createWebhookRequestSchema.shape.events.optional(),
  format: createWebhookRequestSchema.shape.format,
  rotate_secret: z.boolean({ error: 'rotate_secret must be true or false' }).optional(),
});

/** PATCH /webhooks/{id} (200): the webhook, and its new secret when it was rotated. */
export const updatedWebhookSchema = webhookSchema.extend({
  secret: z.string().regex(WEBHOOK_SECRET_PATTERN).optional(),
});

export const webhookEnvelopeSchema = z.strictObject({ webhook: webhookSchema });
export const updatedWebhookEnvelopeSchema = z.strictObject({ webhook: updatedWebhookSchema });
export const createdWebhookEnvelopeSchema = z.strictObject({ webhook: createdWebhookSchema });
export const webhookListSchema = z.strictObject({ webhooks: z.array(webhookSchema) });

export const deliveryAttemptSchema = z.strictObject({
  at: isoTimestamp,
  /** The receiver's HTTP status, or null when none came (timeout, refused, reset, a refused address). */
  status_code: z.number().int().nullable(),
  /** What went wrong, or null for a 2xx. */
  error: z.string().nullable(),
  duration_ms: z.number().int().min(0),
});

export const deliverySchema = z.strictObject({
  id: z.string().regex(DELIVERY_ID_PATTERN),
  event_id: z.string().regex(EVENT_ID_PATTERN),
  type: eventTypeSchema,
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int().min(0),
  last_status_code: z.number().int().nullable(),
  /** When the next attempt is due; null once delivered or failed. */
  next_attempt_at: isoTimestamp.nullable(),
  created_at: isoTimestamp,
  last_attempt_at: isoTimestamp.nullable(),
  /** Why the last attempt failed (or why the delivery was given up), null after a 2xx. */
  last_error: z.string().nullable(),
  /** Every attempt, oldest first: the delivery log. */
  log: z.array(deliveryAttemptSchema),
});

export const deliveryEnvelopeSchema = z.strictObject({ delivery: deliverySchema });

export const deliveryListSchema = z.strictObject({
  deliveries: z.array(deliverySchema),
  /** Pass as `cursor` for older deliveries; null on the last page. */
  next_cursor: z.string().nullable(),
});

export const testWebhookResponseSchema = z.strictObject({
  /** The ping event, queued for delivery to this webhook alone. */
  event: z.strictObject({ id: z.string().regex(EVENT_ID_PATTERN), type: z.literal('ping') }),
  delivery: deliverySchema,
});

// ---- Event data ---------------------------------------------------------------------------------------

const monitorIdSchema = z.string().nullable().describe('The monitor whose run produced this, or null (an API or extension audit).');

export const auditCompletedDataSchema = z.strictObject({
  audit: auditSummarySchema,
  monitor_id: monitorIdSchema,
});

const changeBase = {
  audit: auditSummarySchema,
  /** The previous audit of the same URL (as submitted or final) by the same account. */
  previous: auditSummarySchema,
  monitor_id: monitorIdSchema,
};

export const auditRegressedDataSchema = z.strictObject({
  ...changeBase,
  /** Why, in words: "score fell by 12 (84 → 72)", "new critical issue: ...". */
  reasons: z.array(z.string()),
  /** The members of GET /audits/{id}/diff (docs/api-decisions.md#reports-shares-and-diffs). */
  diff: auditDiffSchema,
});

export const CRAWLER_ACCESS_STATES = ['allowed', 'blocked', 'challenged'] as const;

export const crawlerBlockedDataSchema = z.strictObject({
  ...changeBase,
  /** Search and user agents that could read the page before and cannot now. */
  agents: z.array(
    z.strictObject({
      agent: z.string(),
      operator: z.string(),
      purpose: z.enum(['search', 'user']),
      from: z.literal('allowed'),
      /** `blocked`: robots.txt refuses it; `challenged`: it gets a bot challenge or a block the browser did not get. */
      to: z.enum(['blocked', 'challenged']),
      http_status: z.number().int().nullable(),
    }),
  ),
});

export const webmcpChangedDataSchema = z.strictObject({
  ...changeBase,
  from: z.enum(['detected', 'not_found', 'inconclusive']),
  to: z.enum(['detected', 'not_found', 'inconclusive']),
});

export const citationChangedDataSchema = z.strictObject({
  prompt_id: z.string(),
  prompt: z.string(),
  domain: z.string(),
  engine: citationEngineSchema,
  /** True for citation.gained, false for citation.lost. */
  cited: z.boolean(),
  position: z.number().int().min(1).nullable(),
  cited_urls: z.array(z.string()),
  checked_at: isoTimestamp,
  check_id: z.string(),
  /** The pair's previous answered result (status ok). */
  previous: z.strictObject({ cited: z.boolean(), checked_at: isoTimestamp, check_id: z.string() }),
});

export const crawlerSpoofedDataSchema = z.strictObject({
  project_id: z.string(),
  /** The project's site. */
  domain: z.string(),
  /** The agent a user agent claimed to be, from outside the addresses its operator publishes. */
  agent: z.string(),
  operator: z.string(),
  purpose: z.enum(['training', 'search', 'user', 'archive', 'coding_agent', 'agentic_browser']),
  /** Spoofed hits in the upload that revealed it, and the first UTC day among them. */
  spoofed: z.number().int().min(1),
  first_seen: z.iso.date(),
  ingest_id: z.string(),
});

export const crawlCompletedDataSchema = z.strictObject({
  crawl: z.strictObject({
    id: z.string(),
    url: z.string(),
    status: z.string(),
    score: z.number().int().nullable(),
  }),
  monitor_id: monitorIdSchema,
});

export const pingDataSchema = z.strictObject({
  webhook_id: z.string().regex(WEBHOOK_ID_PATTERN),
  message: z.string(),
});

export const EVENT_DATA_SCHEMAS = {
  'audit.completed': auditCompletedDataSchema,
  'crawl.completed': crawlCompletedDataSchema,
  'audit.regressed': auditRegressedDataSchema,
  'crawler.blocked': crawlerBlockedDataSchema,
  'webmcp.changed': webmcpChangedDataSchema,
  'citation.gained': citationChangedDataSchema,
  'citation.lost': citationChangedDataSchema,
  'crawler.spoofed': crawlerSpoofedDataSchema,
  ping: pingDataSchema,
} as const satisfies Record<WebhookEventType, z.ZodType>;

/** The body of a `json` delivery. */
export function eventEnvelopeSchema<T extends WebhookEventType>(type: T) {
  return z.strictObject({
    id: z.string().regex(EVENT_ID_PATTERN),
    type: z.literal(type),
    created_at: isoTimestamp,
    data: EVENT_DATA_SCHEMAS[type],
  });
}

export const slackMessageSchema = z.strictObject({ text: z.string() });

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export type Webhook = z.infer<typeof webhookSchema>;
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;
export type UpdatedWebhook = z.infer<typeof updatedWebhookSchema>;
export type Delivery = z.infer<typeof deliverySchema>;
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;
export type EventData = { [T in WebhookEventType]: z.infer<(typeof EVENT_DATA_SCHEMAS)[T]> };
