import { describe, expect, it } from 'vitest';
import { upgradeAudit, type AuditBeforeSection9 } from '../../../shared/audit/upgrade-audit.js';
import { auditSnapshot } from '../../../shared/audit/audit-snapshot.js';
import { snapshot } from '../../helpers/snapshot.js';

const current = () =>
  auditSnapshot(snapshot('<html lang="en"><head><title>A page</title></head><body><h1>Hi</h1></body></html>'), { id: 'x' });
function before(audit = current()): AuditBeforeSection9 {
  const { rule_errors: _e, score_cap: _c, ...rest } = audit;
  return { ...rest, category_scores: audit.category_scores.map(({ name, score }) => ({ name, score })) };
}

describe('upgradeAudit', () => {
  it('leaves a current audit unchanged', () => {
    const a = current();
    expect(upgradeAudit(a)).toEqual(a);
  });

  it('fills an older audit: every category applicable (it was scored so), no rule errors', () => {
    const up = upgradeAudit(before());
    expect(up.category_scores.every((c) => c.applicable === true)).toBe(true);
    expect(up.rule_errors).toEqual([]);
  });

  it('derives the cap from the categories and the critical issues, as the engine does', () => {
    const old = before();
    old.category_scores = old.category_scores.map((c) => ({ ...c, score: 71 }));
    old.score = 49;
    old.issues = [0, 1].map((position) => ({
      severity: 'critical',
      category: 'Crawler Access',
      title: 't',
      detail: 'd',
      position,
      rule: `r.${position}`,
    }));
    expect(upgradeAudit(old).score_cap).toEqual({ max: 49, reason: '2 critical issues' });
    old.category_scores = old.category_scores.map((c) => ({ ...c, score: 40 }));
    expect(upgradeAudit(old).score_cap).toBeNull();
  });

  it('keeps members that are present', () => {
    const old = { ...before(), rule_errors: [{ rule: 'a.b', message: 'm' }], score_cap: null };
    old.category_scores[1] = { ...old.category_scores[1]!, applicable: false };
    const up = upgradeAudit(old);
    expect(up.rule_errors).toEqual([{ rule: 'a.b', message: 'm' }]);
    expect(up.category_scores[1]!.applicable).toBe(false);
    expect(up.score_cap).toBeNull();
  });
});
