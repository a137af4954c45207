/**
 * docs/api-decisions.md#what-audits-could-not-judge through the API: a rule that throws is in the audit and in the server log; an older
 * extension's audit without the new members is accepted, stored filled in, and read back whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../../server/logging/logger.js';
import type { AuditRunner } from '../../../../server/audits/audit-runner.js';
import { runAudit } from '../../../../shared/audit/run-audit.js';
import { defineRule } from '../../../../shared/judge/rule.js';
import { ALL_RULES } from '../../../../shared/rules/index.js';
import { auditEnvelopeSchema } from '../../../../shared/schema/api.js';
import type { Audit } from '../../../../shared/types/audit.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';
import { fakeFetcher } from '../../helpers/fake-fetcher.js';
import { extensionAudit } from '../../helpers/extension-audit.js';

const crashingRule = defineRule({
  id: 'content.crashes',
  category: 'Content Structure',
  weight: 5,
  severity: 'warning',
  title: 'Never judged',
  description: 'A rule that always throws.',
  fix: 'Nothing: it exists to crash.',
  check() {
    throw new TypeError('cannot read the outline');
  },
});

/** The real engine with one rule that throws: what a bug in a rule looks like to the server. */
function runnerWithCrashingRule(): AuditRunner {
  const fetcher = fakeFetcher();
  return {
    pending: 0,
    abortAll() {},
    run: (url) => runAudit(url, { fetcher, origin: 'server', rules: [...ALL_RULES, crashingRule] }),
  };
}

/** An audit as an extension built before the members of docs/api-decisions.md#what-audits-could-not-judge existed syncs it. */
function auditBeforeSection9(): Record<string, unknown> {
  const audit = extensionAudit() as Partial<Audit>;
  delete audit.rule_errors;
  delete audit.score_cap;
  return { ...audit, category_scores: audit.category_scores!.map(({ name, score }) => ({ name, score })) };
}

describe('rule_errors through POST /api/v1/audits', () => {
  let api: TestApi;
  const logger = createMemoryLogger();
  beforeAll(async () => {
    api = await startTestApi({ runner: runnerWithCrashingRule(), logger });
  });
  afterAll(() => api.close({ removeData: true }));

  it('records the rule that threw in the audit and logs it', async () => {
    const res = await api.request('POST', '/api/v1/audits', { body: { url: 'shop.example' } });
    expect(res.status).toBe(201);
    const audit = auditEnvelopeSchema.parse(res.json).audit;
    expect(audit.rule_errors).toEqual([{ rule: 'content.crashes', message: 'TypeError: cannot read the outline' }]);
    const logged = logger.lines.find((l) => l.msg === 'audit rule threw');
    expect(logged).toMatchObject({
      level: 'error',
      audit_id: audit.id,
      rule: 'content.crashes',
      error: 'TypeError: cannot read the outline',
    });
  });
});

describe('PUT /api/v1/audits/{id} of an audit made before the members of docs/api-decisions.md#what-audits-could-not-judge existed', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close({ removeData: true }));

  it('is accepted, stored with the members filled in, idempotent, and read back whole', async () => {
    const old = auditBeforeSection9();
    const id = old.id as string;
    const first = await api.request('PUT', `/api/v1/audits/${id}`, { body: { audit: old } });
    expect(first.status).toBe(201);
    const stored = auditEnvelopeSchema.parse(first.json).audit;
    expect(stored.rule_errors).toEqual([]);
    expect(stored.category_scores.every((c) => c.applicable)).toBe(true);
    expect(stored.score_cap).toBeNull();
    const again = await api.request('PUT', `/api/v1/audits/${id}`, { body: { audit: old } });
    expect(again.status).toBe(200);
    const read = await api.request('GET', `/api/v1/audits/${id}`);
    expect(read.json).toEqual({ audit: stored });
  });

  it('derives the cap of an old capped audit from its categories and critical issues', async () => {
    const old = auditBeforeSection9() as Audit & Record<string, unknown>;
    old.category_scores = old.category_scores.map((c) => ({ ...c, score: 80 }));
    old.score = 49;
    old.issues = [
      {
        severity: 'critical',
        category: 'Crawler Access',
        title: 'Blocked',
        detail: 'Allow it.',
        position: 0,
        rule: 'robots.search-agents-blocked',
      },
    ];
    const res = await api.request('PUT', `/api/v1/audits/${old.id}`, { body: { audit: old } });
    expect(res.status).toBe(201);
    expect(res.json.audit.score_cap).toEqual({ max: 49, reason: '1 critical issue' });
  });

  it('still refuses members it does not know and wrong types for the new ones', async () => {
    for (const change of [{ surprise: true }, { rule_errors: [{ rule: 'x' }] }, { score_cap: { max: 49 } }]) {
      const audit: Record<string, unknown> = { ...auditBeforeSection9(), ...change };
      const res = await api.request('PUT', `/api/v1/audits/${String(audit.id)}`, { body: { audit } });
      expect(res.status, JSON.stringify(change)).toBe(400);
    }
  });
});
