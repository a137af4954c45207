/** The bytes a delivery sends: the event envelope (`json`) or a Slack message (`slack`); the same for every attempt. */
import type { WebhookFormat } from '../../shared/schema/webhook.js';
import type { StoredEvent } from '../store/contracts/webhooks.js';
import { slackText } from './slack-text.js';

export function deliveryBody(event: StoredEvent, format: WebhookFormat): string {
  if (format === 'slack') return JSON.stringify({ text: slackText(event) });
  return JSON.stringify(eventEnvelope(event));
}

/** What receivers of the `json` format get, and what `Citable-Event` names. */
export function eventEnvelope(event: StoredEvent): { id: string; type: string; created_at: string; data: unknown } {
  return { id: event.id, type: event.type, created_at: event.created_at, data: event.data };
}
