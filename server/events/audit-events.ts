/**
 * The events one stored audit raises (docs/api-decisions.md#monitors-and-webhooks), against the previous audit of the same URL:
 *  - audit.completed, always;
 *  - audit.regressed: the score fell by 5 or more, or a critical issue appeared that was not critical before;
 *  - crawler.blocked: a search or user agent that could read the page is now refused by robots.txt or
 *    challenged (a bot challenge or block the browser did not get);
 *  - webmcp.changed: the WebMCP status changed.
 * Pure: the caller finds the previous audit and stores what this returns.
 */
import type { AuditSummary } from '../../shared/schema/api.js';
import type { EventData } from '../../shared/schema/webhook.js';
import type { Audit, CrawlerVerdict } from '../../shared/types/audit.js';
import { diffAudits } from '../../shared/diff/audit-diff.js';

export const REGRESSION_POINTS = 5;

export type AuditEvent =
  | { type: 'audit.completed'; data: EventData['audit.completed'] }
  | { type: 'audit.regressed'; data: EventData['audit.regressed'] }
  | { type: 'crawler.blocked'; data: EventData['crawler.blocked'] }
  | { type: 'webmcp.changed'; data: EventData['webmcp.changed'] };

export const AUDIT_EVENT_TYPES = ['audit.completed', 'audit.regressed', 'crawler.blocked', 'webmcp.changed'] as const;

export function auditEvents(current: Audit, previous: Audit | null, monitorId: string | null): AuditEvent[] {
  const audit = summaryOf(current);
  const events: AuditEvent[] = [{ type: 'audit.completed', data: { audit, monitor_id: monitorId } }];
  if (!previous) return events;
  const base = { audit, previous: summaryOf(previous), monitor_id: monitorId };

  const diff = diffAudits(previous, current);
  const reasons: string[] = [];
  if (diff.score.delta <= -REGRESSION_POINTS) reasons.push(`score fell by ${-diff.score.delta} (${diff.score.from} → ${diff.score.to})`);
  const wasCritical = new Set(previous.issues.filter((i) => i.severity === 'critical').map((i) => i.rule));
  for (const issue of current.issues) {
    if (issue.severity === 'critical' && !wasCritical.has(issue.rule)) reasons.push(`new critical issue: ${issue.title} (${issue.rule})`);
  }
  if (reasons.length > 0) events.push({ type: 'audit.regressed', data: { ...base, reasons, diff } });

  const before = new Map(previous.crawlers.map((c) => [c.agent, c]));
  const agents = current.crawlers.flatMap((c) => {
    const was = before.get(c.agent);
    const now = accessOf(c);
    if (!was || accessOf(was) !== 'allowed' || now === 'allowed' || (c.purpose !== 'search' && c.purpose !== 'user')) return [];
    return [
      { agent: c.agent, operator: c.operator, purpose: c.purpose, from: 'allowed' as const, to: now, http_status: c.http_status ?? null },
    ];
  });
  if (agents.length > 0) events.push({ type: 'crawler.blocked', data: { ...base, agents } });

  if (diff.webmcp.from !== diff.webmcp.to) {
    events.push({ type: 'webmcp.changed', data: { ...base, from: previous.signals.webmcp.status, to: current.signals.webmcp.status } });
  }
  return events;
}

function accessOf(c: CrawlerVerdict): 'allowed' | 'blocked' | 'challenged' {
  if (c.robots === 'blocked') return 'blocked';
  return c.challenged ? 'challenged' : 'allowed';
}

export function summaryOf(audit: Audit): AuditSummary {
  return {
    id: audit.id,
    url: audit.url,
    final_url: audit.final_url,
    score: audit.score,
    builder: audit.builder,
    status: audit.status,
    origin: audit.origin,
    scanned_at: audit.scanned_at,
  };
}
