/**
 * The words every view (CLI report, extension, HTML reports) uses for docs/api-decisions.md#what-audits-could-not-judge, in one place:
 * an inapplicable category reads "n/a" (never a perfect 100), and a capped score says why.
 * Audits stored before these members existed lack them: a missing `applicable` reads as applicable, a missing
 * `score_cap` as none, missing `rule_errors` as none.
 */
import type { Audit, CategoryScore, RuleError } from '../types/audit.js';
import { categoriesMean } from './score.js';

export const NOT_APPLICABLE_LABEL = 'n/a';

/** False only when the audit says the category could not be judged. */
export function categoryApplies(category: Pick<CategoryScore, 'applicable'>): boolean {
  return category.applicable !== false;
}

/** A category score as a view shows it: the number, or "n/a". */
export function categoryScoreLabel(category: Pick<CategoryScore, 'score' | 'applicable'>): string {
  return categoryApplies(category) ? String(category.score) : NOT_APPLICABLE_LABEL;
}

/** True when no category could be judged: the overall score (0) then reads "n/a" too. */
export function nothingJudged(audit: Pick<Audit, 'category_scores'>): boolean {
  return audit.category_scores.length > 0 && !audit.category_scores.some(categoryApplies);
}

/** "capped at 49: 2 critical issues (the categories average 71)", or null when the cap did not lower the score. */
export function scoreCapNote(audit: Pick<Audit, 'score_cap' | 'category_scores'>): string | null {
  const cap = audit.score_cap;
  if (!cap) return null;
  return `capped at ${cap.max}: ${cap.reason} (the categories average ${categoriesMean(audit.category_scores)})`;
}

/** The rule errors of an audit, [] for an audit stored before they were recorded. */
export function ruleErrorsOf(audit: Pick<Audit, 'rule_errors'>): RuleError[] {
  return audit.rule_errors ?? [];
}
