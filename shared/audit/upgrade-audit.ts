import type { Audit, CategoryScore, CrawlerVerdict, RuleError, ScoreCap } from '../types/audit.js';
import { capScore, categoriesMean } from '../score/score.js';

/**
 * An audit made before the members of docs/api-decisions.md#what-audits-could-not-judge existed: `applicable`, `rule_errors` and
 * `score_cap` may be missing; one made before the edge probes lacks `crawlers[].served`.
 */
export type AuditBeforeSection9 = Flat<
  Omit<Audit, 'category_scores' | 'rule_errors' | 'score_cap' | 'crawlers'> & {
    category_scores: Array<Flat<Omit<CategoryScore, 'applicable'> & { applicable?: boolean }>>;
    crawlers: Array<Flat<Omit<CrawlerVerdict, 'served'> & { served?: CrawlerVerdict['served'] }>>;
    rule_errors?: RuleError[];
    score_cap?: ScoreCap | null;
  }
>;
type Flat<T> = { [K in keyof T]: T[K] };

/**
 * Gives an older audit (an extension that has not updated yet syncs it) the members of docs/api-decisions.md#what-audits-could-not-judge,
 * from what it holds: its categories were all counted in its score, so each is `applicable: true`; its
 * engine recorded no rule errors; and the cap is derived from its categories and critical issues exactly
 * as the engine does; an agent without `served` was not probed as the contract now means it (null). Members
 * already present are kept; a current audit comes back unchanged.
 */
export function upgradeAudit(audit: AuditBeforeSection9): Audit {
  const category_scores = audit.category_scores.map((c) => ({ ...c, applicable: c.applicable ?? true }));
  const critical = audit.issues.filter((i) => i.severity === 'critical').length;
  const score_cap = audit.score_cap !== undefined ? audit.score_cap : capScore(categoriesMean(category_scores), critical).score_cap;
  // An agent an older engine fetched as was judged by status alone: its `served` is unknown, never guessed.
  const crawlers = audit.crawlers.map((c) => ({ ...c, served: c.served ?? null }));
  return { ...audit, category_scores, crawlers, score_cap, rule_errors: audit.rule_errors ?? [] };
}
