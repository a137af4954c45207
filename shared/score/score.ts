import { CATEGORY_NAMES, SEVERITIES, type CategoryName, type CategoryScore, type Issue, type ScoreCap } from '../types/audit.js';
import { CATEGORY_WEIGHTS, CRITICAL_SCORE_CAP } from '../categories.js';
import { NOT_APPLICABLE, type Rule, type RuleResult } from '../judge/rule.js';
import { plural } from '../judge/wording.js';

/** What a rule produced: its result, or RULE_THREW when it crashed instead of judging. */
export const RULE_THREW: unique symbol = Symbol('rule-threw');

export interface JudgedRule {
  rule: Rule;
  result: RuleResult | typeof RULE_THREW;
}

export interface ScoreResult {
  score: number;
  score_cap: ScoreCap | null;
  category_scores: CategoryScore[];
  issues: Issue[];
}

const severityRank = (s: Issue['severity']) => SEVERITIES.indexOf(s);
const categoryRank = (c: CategoryName) => CATEGORY_NAMES.indexOf(c);

/**
 * docs/api-decisions.md#audit-object and docs/api-decisions.md#what-audits-could-not-judge: category = round(100 · Σ weight·result / Σ weight) over the rules that applied;
 * a category where no scored rule applied is `applicable: false` (score the neutral 100) and leaves the
 * overall mean. A rule that threw counts as a zero with its full weight: a crash never raises a score.
 * Overall = weighted mean of the applicable categories, at most 49 while a critical issue stands.
 */
export function scoreRules(judged: readonly JudgedRule[]): ScoreResult {
  const sums = new Map<CategoryName, { weighted: number; weights: number }>();
  for (const name of CATEGORY_NAMES) sums.set(name, { weighted: 0, weights: 0 });

  const raised: Array<Omit<Issue, 'position'> & { weight: number }> = [];
  for (const { rule, result } of judged) {
    if (result === NOT_APPLICABLE) continue;
    const sum = sums.get(rule.category)!;
    sum.weights += rule.weight;
    if (result === RULE_THREW) continue;
    const score = clamp01(result.score);
    sum.weighted += rule.weight * (result.informational ? 1 : score);
    if (score < 1) {
      raised.push({
        severity: result.severity ?? rule.severity,
        category: rule.category,
        title: result.title ?? rule.title,
        detail: result.detail ?? rule.title,
        rule: rule.id,
        weight: rule.weight,
      });
    }
  }

  const category_scores: CategoryScore[] = CATEGORY_NAMES.map((name) => {
    const { weighted, weights } = sums.get(name)!;
    return weights > 0
      ? { name, score: Math.round((100 * weighted) / weights), applicable: true }
      : { name, score: 100, applicable: false };
  });

  raised.sort(
    (a, b) =>
      severityRank(a.severity) - severityRank(b.severity) ||
      categoryRank(a.category) - categoryRank(b.category) ||
      b.weight - a.weight ||
      byRuleId(a.rule, b.rule),
  );
  const issues: Issue[] = raised.map((r, position) => ({
    severity: r.severity,
    category: r.category,
    title: r.title,
    detail: r.detail,
    position,
    rule: r.rule,
  }));
  const critical = issues.filter((i) => i.severity === 'critical').length;
  return { ...capScore(categoriesMean(category_scores), critical), category_scores, issues };
}

/**
 * Weighted mean of the applicable categories (a category without `applicable`, from an audit stored before
 * docs/api-decisions.md#what-audits-could-not-judge, counts as applicable: it was scored that way). When no category applied at all the
 * page could not be judged, and nothing judged earns nothing: 0, never a perfect 100.
 */
export function categoriesMean(categories: readonly Pick<CategoryScore, 'name' | 'score' | 'applicable'>[]): number {
  let totalWeight = 0;
  let weightedTotal = 0;
  for (const c of categories) {
    if (c.applicable === false) continue;
    totalWeight += CATEGORY_WEIGHTS[c.name];
    weightedTotal += CATEGORY_WEIGHTS[c.name] * c.score;
  }
  return totalWeight > 0 ? Math.round(weightedTotal / totalWeight) : 0;
}

/** The critical cap, and why it applies when it lowered the score. */
export function capScore(mean: number, criticalIssues: number): { score: number; score_cap: ScoreCap | null } {
  if (criticalIssues === 0 || mean <= CRITICAL_SCORE_CAP) return { score: mean, score_cap: null };
  return {
    score: CRITICAL_SCORE_CAP,
    score_cap: { max: CRITICAL_SCORE_CAP, reason: plural(criticalIssues, 'critical issue') },
  };
}

function clamp01(n: number): number {
  if (!Number.isFinite(n)) return 0;
  return Math.min(1, Math.max(0, n));
}

/**
 * Rule ids in code-unit order: the same order as localeCompare for ids of lowercase letters, digits, dots and
 * hyphens (a test checks every rule), without a collator: a thread's first localeCompare builds ICU's (5 ms).
 */
export function byRuleId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
