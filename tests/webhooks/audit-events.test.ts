/**
 * The events a stored audit raises (docs/api-decisions.md#monitors-and-webhooks), against the previous audit of the same URL:
 * the rules themselves (auditEvents, pure), and through the API: an extension's PUT fires once however
 * often it is resent, a later audit of the URL is compared with the earlier one.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents } from '../../server/events/audit-events.js';
import { capScore, categoriesMean } from '../../shared/index.js';
import type { Audit } from '../../shared/types/audit.js';
import { extensionAudit } from '../server/helpers/extension-audit.js';
import { until } from '../helpers/until.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';
import { startWebhookApi, type WebhookApi } from './helpers/webhook-api.js';

/** The sample audit, changed: another id, time and score; `change` edits the rest. */
function auditOf(scannedAt: string, change: (a: Audit) => void = () => undefined): Audit {
  const audit = structuredClone(extensionAudit(randomUUID()));
  audit.url = 'https://shop.example/';
  audit.final_url = 'https://shop.example/';
  audit.scanned_at = scannedAt;
  change(audit);
  return audit;
}

/** Moves every applicable category by `delta` and the overall with them, so PUT's invariants hold. */
function shiftScores(a: Audit, delta: number): void {
  a.category_scores = a.category_scores.map((c) =>
    c.applicable === false ? c : { ...c, score: Math.max(0, Math.min(100, c.score + delta)) },
  );
  const capped = capScore(categoriesMean(a.category_scores), a.issues.filter((i) => i.severity === 'critical').length);
  a.score = capped.score;
  a.score_cap = capped.score_cap;
}

const blockSearch = (a: Audit) => {
  a.crawlers = a.crawlers.map((c) =>
    c.agent === 'OAI-SearchBot'
      ? { ...c, robots: 'blocked' as const }
      : c.agent === 'PerplexityBot'
        ? { ...c, challenged: true, http_status: 403 }
        : c,
  );
};

describe('auditEvents', () => {
  const before = auditOf('2026-11-21T10:00:00.000Z');

  it('only audit.completed without a previous audit, or when nothing changed', () => {
    expect(auditEvents(before, null, null).map((e) => e.type)).toEqual(['audit.completed']);
    expect(auditEvents(auditOf('2026-11-21T11:00:00.000Z'), before, 'mon_x').map((e) => e.type)).toEqual(['audit.completed']);
  });

  it('audit.regressed when the score falls by 5 or more, not by 4', () => {
    const by4 = auditEvents(
      auditOf('2026-11-21T11:00:00.000Z', (a) => (a.score = before.score - 4)),
      before,
      null,
    );
    expect(by4.map((e) => e.type)).toEqual(['audit.completed']);
    const by5 = auditEvents(
      auditOf('2026-11-21T11:00:00.000Z', (a) => (a.score = before.score - 5)),
      before,
      'mon_1',
    );
    const regressed = by5.find((e) => e.type === 'audit.regressed')!;
    expect(regressed.data).toMatchObject({
      monitor_id: 'mon_1',
      previous: { id: before.id },
      reasons: [`score fell by 5 (${before.score} → ${before.score - 5})`],
    });
    expect((regressed.data as { diff: { score: unknown } }).diff.score).toEqual({ from: before.score, to: before.score - 5, delta: -5 });
  });

  it('audit.regressed when a critical issue appears that was not critical before', () => {
    const after = auditOf('2026-11-21T11:00:00.000Z', (a) => {
      a.issues = [
        {
          severity: 'critical',
          category: 'Crawler Access',
          title: 'Search AI agents are blocked',
          detail: 'x',
          position: 0,
          rule: 'robots.search-agents-blocked',
        },
        ...a.issues,
      ];
    });
    const regressed = auditEvents(after, before, null).find((e) => e.type === 'audit.regressed');
    expect(regressed?.data).toMatchObject({ reasons: ['new critical issue: Search AI agents are blocked (robots.search-agents-blocked)'] });
    expect((regressed!.data as { diff: { new_issues: unknown[] } }).diff.new_issues).toContainEqual({
      rule: 'robots.search-agents-blocked',
      severity: 'critical',
      category: 'Crawler Access',
      title: 'Search AI agents are blocked',
    });
  });

  it('crawler.blocked for search and user agents newly blocked or challenged, never for training agents', () => {
    const after = auditOf('2026-11-21T11:00:00.000Z', (a) => {
      blockSearch(a);
      a.crawlers = a.crawlers.map((c) => (c.agent === 'GPTBot' ? { ...c, robots: 'blocked' as const } : c));
    });
    const blocked = auditEvents(after, before, null).find((e) => e.type === 'crawler.blocked');
    expect(blocked?.data).toMatchObject({
      agents: [
        { agent: 'OAI-SearchBot', operator: 'OpenAI', purpose: 'search', from: 'allowed', to: 'blocked', http_status: 200 },
        { agent: 'PerplexityBot', purpose: 'search', from: 'allowed', to: 'challenged', http_status: 403 },
      ],
    });
    // Blocked already before: no news.
    expect(auditEvents(auditOf('2026-11-21T12:00:00.000Z', blockSearch), after, null).some((e) => e.type === 'crawler.blocked')).toBe(
      false,
    );
  });

  it('webmcp.changed when the WebMCP status changes', () => {
    const after = auditOf('2026-11-21T11:00:00.000Z', (a) => (a.signals.webmcp.status = 'detected'));
    expect(auditEvents(after, before, null).find((e) => e.type === 'webmcp.changed')?.data).toMatchObject({
      from: 'not_found',
      to: 'detected',
    });
  });
});

describe('audit events through the API', () => {
  let api: WebhookApi;
  let receiver: Receiver;
  let webhookId: string;
  beforeEach(async () => {
    receiver = await startReceiver();
    api = await startWebhookApi();
    webhookId = (await api.createWebhook({ url: receiver.url, events: ['*'] })).id;
  });
  afterEach(async () => {
    await api.close({ removeData: true });
    await receiver.close();
  });

  const put = (audit: Audit) => api.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit } });
  const eventTypes = async (count: number) => {
    await until(`${count} delivered events`, async () => {
      const res = await api.request('GET', `/api/v1/webhooks/${webhookId}/deliveries?limit=100`);
      return res.json.deliveries.length >= count && res.json.deliveries.every((d: { status: string }) => d.status === 'delivered')
        ? true
        : undefined;
    });
    return receiver.requests.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, any> });
  };

  it('an extension audit resent (200 identical) fires audit.completed once', async () => {
    const audit = auditOf('2026-11-21T10:00:00.000Z');
    expect((await put(audit)).status).toBe(201);
    expect((await put(audit)).status).toBe(200);
    expect((await put(audit)).status).toBe(200);
    const events = await eventTypes(1);
    await new Promise((resolve) => setTimeout(resolve, 200)); // nothing else arrives
    expect(receiver.requests).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'audit.completed', data: { audit: { id: audit.id, origin: 'extension' } } });
  });

  it('a later audit of the same URL is compared with the previous one', async () => {
    const first = auditOf('2026-11-21T10:00:00.000Z');
    const second = auditOf('2026-11-21T11:00:00.000Z', (a) => {
      shiftScores(a, -10);
      blockSearch(a);
      a.signals.webmcp.status = 'detected';
    });
    expect((await put(first)).status).toBe(201);
    expect((await put(second)).status).toBe(201);
    const events = await eventTypes(5);
    expect(events.map((e) => e.type).sort()).toEqual([
      'audit.completed',
      'audit.completed',
      'audit.regressed',
      'crawler.blocked',
      'webmcp.changed',
    ]);
    for (const e of events.filter((x) => x.type !== 'audit.completed'))
      expect(e.data).toMatchObject({ audit: { id: second.id }, previous: { id: first.id } });
  });

  it('an old audit synced late is not compared (a newer audit of the URL exists)', async () => {
    const newer = auditOf('2026-11-21T11:00:00.000Z');
    const older = auditOf('2026-11-21T10:00:00.000Z', (a) => shiftScores(a, 20));
    await put(newer);
    await put(older);
    const events = await eventTypes(2);
    expect(events.map((e) => e.type)).toEqual(['audit.completed', 'audit.completed']);
  });
});
