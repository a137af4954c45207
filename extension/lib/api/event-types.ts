import type { WebhookEventType } from './types.js';

/**
 * The webhook event types (docs/api-decisions.md#monitors-and-webhooks), copied rather than imported: shared/schema/webhook.ts
 * builds zod schemas when loaded, which the dashboard does not need. A unit test keeps the two lists equal.
 */
export const EVENT_TYPES: readonly WebhookEventType[] = [
  'audit.completed',
  'crawl.completed',
  'audit.regressed',
  'crawler.blocked',
  'webmcp.changed',
  'citation.gained',
  'citation.lost',
  'ping',
];
