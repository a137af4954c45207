/**
 * A webhook from what a user asked for (POST /webhooks, `citable webhooks add`): validated with the
 * shared schema, its URL through the SSRF guard after DNS, its events normalised, a new secret.
 */
import type { z } from 'zod';
import { createWebhookRequestSchema, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../shared/schema/webhook.js';
import type { AddressGuard } from '../net/address-guard.js';
import type { StoredWebhook } from '../store/contracts/webhooks.js';
import { randomBase62 } from '../util/base62.js';
import { generateWebhookSecret } from './secret.js';
import { checkWebhookUrl } from './webhook-url.js';

export const WEBHOOK_LIMIT = 20;

/** `invalid`: the API's 400; `refused`: its 422. */
export type NewWebhook = { ok: true; webhook: StoredWebhook } | { ok: false; problem: 'invalid' | 'refused'; message: string };

export async function newWebhook(
  accountId: string,
  input: unknown,
  now: Date,
  guard: AddressGuard,
  describe: (error: z.ZodError) => string,
): Promise<NewWebhook> {
  const parsed = createWebhookRequestSchema.safeParse(input, { reportInput: true });
  if (!parsed.success) return { ok: false, problem: 'invalid', message: `Invalid webhook: ${describe(parsed.error)}` };
  const checked = await checkWebhookUrl(parsed.data.url, guard);
  if (!checked.ok) return checked;
  return {
    ok: true,
    webhook: {
      id: `wh_${randomBase62(16)}`,
      account_id: accountId,
      url: checked.url,
      events: normalizeEvents(parsed.data.events),
      format: parsed.data.format ?? 'json',
      secret: generateWebhookSecret(),
      created_at: now.toISOString(),
      disabled_at: null,
      disabled_reason: null,
      gone_streak: 0,
    },
  };
}

/** `["*"]` stays alone; named types are kept once each, in the contract's order. */
export function normalizeEvents(events: ReadonlyArray<WebhookEventType | '*'>): Array<WebhookEventType | '*'> {
  if (events.includes('*')) return ['*'];
  return WEBHOOK_EVENT_TYPES.filter((t) => events.includes(t));
}

export function webhookLimitMessage(): string {
  return `Webhook limit reached: an account has at most ${WEBHOOK_LIMIT} webhooks; delete one first`;
}
