import type { Audit, CategoryScore, RuleError, ScoreCap } from '../types/audit.js';
import { capScore, categoriesMean } from '../score/score.js';

/** An audit made before the members of docs/api-decisions.md#what-audits-could-not-judge existed: `applicable`, `rule_errors` and `score_cap` may be missing. */
export type AuditBeforeSection9 = Flat<
  Omit<Audit, 'category_scores' | 'rule_errors' | 'score_cap'> & {
    category_scores: Array<Flat<Omit<CategoryScore, 'applicable'> & { applicable?: boolean }>>;
    rule_errors?: RuleError[];
    score_cap?: ScoreCap | null;
  }
>;
type Flat<T> = { [K in keyof T]: T[K] };

/**
 * Gives an older audit (an extension that has not updated yet syncs it) the members of docs/api-decisions.md#what-audits-could-not-judge,
 * from what it holds: its categories were all counted in its score, so each is `applicable: true`; its
 * engine recorded no rule errors; and the cap is derived from its categories and critical issues exactly
 * as the engine does. Members already present are kept; a current audit comes back unchanged.
 */
export function upgradeAudit(audit: AuditBeforeSection9): Audit {
  const category_scores = audit.category_scores.map((c) => ({ ...c, applicable: c.applicable ?? true }));
  const critical = audit.issues.filter((i) => i.severity === 'critical').length;
  const score_cap = audit.score_cap !== undefined ? audit.score_cap : capScore(categoriesMean(category_scores), critical).score_cap;
  return { ...audit, category_scores, score_cap, rule_errors: audit.rule_errors ?? [] };
}
