/**
 * The `slack` format: `{"text": "..."}`, what a Slack incoming webhook posts as a message (mrkdwn: *bold*,
 * <url|label> links). One line or two per event, saying what happened and where.
 */
import type { EventData, WebhookEventType } from '../../shared/schema/webhook.js';

type AnyEvent = { [T in WebhookEventType]: { type: T; data: EventData[T] } }[WebhookEventType];

export function slackText(event: { type: WebhookEventType; data: unknown }): string {
  const e = event as AnyEvent;
  switch (e.type) {
    case 'audit.completed':
      return `*Citable* audit of ${link(e.data.audit.url)}: score *${e.data.audit.score}*${via(e.data.monitor_id)}.`;
    case 'audit.regressed':
      return `:warning: *Citable* ${link(e.data.audit.url)} regressed${via(e.data.monitor_id)}: ${e.data.reasons.join('; ')}.`;
    case 'crawler.blocked':
      return `:no_entry: *Citable* ${link(e.data.audit.url)}: ${e.data.agents.map((a) => `${a.agent} (${a.operator}, ${a.purpose}) is now ${a.to}`).join(', ')}.`;
    case 'webmcp.changed':
      return `*Citable* WebMCP on ${link(e.data.audit.url)} changed from \`${e.data.from}\` to \`${e.data.to}\`.`;
    case 'citation.gained':
      return `:tada: *Citable* ${e.data.engine} now cites ${e.data.domain} for "${e.data.prompt}"${e.data.position ? ` (position ${e.data.position})` : ''}.`;
    case 'citation.lost':
      return `:small_red_triangle_down: *Citable* ${e.data.engine} no longer cites ${e.data.domain} for "${e.data.prompt}".`;
    case 'crawler.spoofed':
      return `:detective: *Citable* ${e.data.spoofed} request(s) to ${e.data.domain} claimed to be ${e.data.agent} (${e.data.operator}) from addresses ${e.data.operator} does not publish, first on ${e.data.first_seen}.`;
    case 'crawl.completed':
      return `*Citable* crawl of ${link(e.data.crawl.url)} ${e.data.crawl.status}${e.data.crawl.score === null ? '' : `: score *${e.data.crawl.score}*`}${via(e.data.monitor_id)}.`;
    case 'ping':
      return `*Citable* test event for webhook ${e.data.webhook_id}: ${e.data.message}`;
  }
}

/** A Slack link; `<`, `>` and `&` are the only characters Slack asks to escape. */
function link(url: string): string {
  const safe = url.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<${safe}|${safe}>`;
}

function via(monitorId: string | null): string {
  return monitorId ? ` (monitor ${monitorId})` : '';
}
