import { CATEGORY_NAMES, SEVERITIES, type CategoryName, type CategoryScore, type Issue } from '../types/audit.js';
import { CATEGORY_WEIGHTS, CRITICAL_SCORE_CAP } from '../categories.js';
import { NOT_APPLICABLE, type Rule, type RuleResult } from '../judge/rule.js';

export interface JudgedRule {
  rule: Rule;
  result: RuleResult;
}

export interface ScoreResult {
  score: number;
  category_scores: CategoryScore[];
  issues: Issue[];
}

const severityRank = (s: Issue['severity']) => SEVERITIES.indexOf(s);
const categoryRank = (c: CategoryName) => CATEGORY_NAMES.indexOf(c);

/**
 * Contract section 1: category = round(100 · Σ weight·result / Σ weight) over applicable rules;
 * overall = weighted mean of the categories, at most 49 while a critical issue stands.
 * A category with no applicable weighted rule scores 100: nothing in it could be faulted.
 */
export function scoreRules(judged: JudgedRule[]): ScoreResult {
  const sums = new Map<CategoryName, { weighted: number; weights: number }>();
  for (const name of CATEGORY_NAMES) sums.set(name, { weighted: 0, weights: 0 });

  const raised: Array<Omit<Issue, 'position'> & { weight: number }> = [];
  for (const { rule, result } of judged) {
    if (result === NOT_APPLICABLE) continue;
    const score = clamp01(result.score);
    const sum = sums.get(rule.category)!;
    sum.weighted += rule.weight * score;
    sum.weights += rule.weight;
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
    return { name, score: weights > 0 ? Math.round((100 * weighted) / weights) : 100 };
  });

  let totalWeight = 0;
  let weightedTotal = 0;
  for (const c of category_scores) {
    totalWeight += CATEGORY_WEIGHTS[c.name];
    weightedTotal += CATEGORY_WEIGHTS[c.name] * c.score;
  }
  let score = Math.round(weightedTotal / totalWeight);

  raised.sort(
    (a, b) =>
      severityRank(a.severity) - severityRank(b.severity) ||
      categoryRank(a.category) - categoryRank(b.category) ||
      b.weight - a.weight ||
      a.rule.localeCompare(b.rule),
  );
  const issues: Issue[] = raised.map((r, position) => ({
    severity: r.severity,
    category: r.category,
    title: r.title,
    detail: r.detail,
    position,
    rule: r.rule,
  }));
  if (issues.some((i) => i.severity === 'critical')) score = Math.min(score, CRITICAL_SCORE_CAP);

  return { score, category_scores, issues };
}

function clamp01(n: number): number {
  if (!Number.isFinite(n)) return 0;
  return Math.min(1, Math.max(0, n));
}
