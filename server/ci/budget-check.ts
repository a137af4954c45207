/**
 * A budget against a run: each assertion with its figure and its limit. `error` assertions fail the run
 * (exit 1), `warn` ones are listed only. A category that did not apply (n/a) is not judged against its
 * minimum, and says so. `max_critical` counts critical issues by rule (a crawl's rule on many pages is
 * one), leaving out rules the budget turns `off`.
 */
import type { Budget } from './budget.js';
import type { CiReport } from './ci-report.js';

export interface Assertion {
  /** As in the budget file: `score.min`, `categories."AI Discovery".min`, `rules."trust.hsts"`, `max_critical`. */
  key: string;
  level: 'error' | 'warn';
  passed: boolean;
  /** What the run measured: `62`, `raised on 4 of 7 pages`. */
  figure: string;
  /** What the budget allows: `minimum 70`, `not raised`. */
  limit: string;
}

export interface BudgetResult {
  assertions: Assertion[];
  /** Assertions not judged, and why (an n/a category). */
  notes: string[];
}

export function checkBudget(budget: Budget, report: CiReport): BudgetResult {
  const assertions: Assertion[] = [];
  const notes: string[] = [];
  if (budget.scoreMin !== null) {
    const score = report.score;
    assertions.push(minimum('score.min', score, budget.scoreMin, 'no score: no page was audited'));
  }
  for (const { name, min } of budget.categoryMins) {
    const key = `categories.${JSON.stringify(name)}.min`;
    const category = report.categories.find((c) => c.name === name);
    if (category && !category.applicable) notes.push(`${key}: not judged, the category does not apply (n/a)`);
    else assertions.push(minimum(key, category?.score ?? null, min, 'no score for this category'));
  }
  const off = new Set(budget.rules.filter((r) => r.level === 'off').map((r) => r.rule));
  for (const { rule, level } of budget.rules) {
    if (level === 'off') continue;
    const issue = report.issues.find((i) => i.rule === rule);
    const figure = !issue
      ? 'not raised'
      : report.kind === 'crawl'
        ? `raised on ${issue.pages} of ${report.audited} pages`
        : `raised: ${issue.title}`;
    assertions.push({ key: `rules.${JSON.stringify(rule)}`, level, passed: !issue, figure, limit: 'not raised' });
  }
  if (budget.maxCritical !== null) {
    const critical = report.issues.filter((i) => i.severity === 'critical' && !off.has(i.rule));
    const figure = `${critical.length} critical issue${critical.length === 1 ? '' : 's'}${critical.length ? ` (${critical.map((i) => i.rule).join(', ')})` : ''}`;
    assertions.push({
      key: 'max_critical',
      level: 'error',
      passed: critical.length <= budget.maxCritical,
      figure,
      limit: `at most ${budget.maxCritical}`,
    });
  }
  return { assertions, notes };
}

function minimum(key: string, value: number | null, min: number, missing: string): Assertion {
  return {
    key,
    level: 'error',
    passed: value !== null && value >= min,
    figure: value === null ? missing : String(value),
    limit: `minimum ${min}`,
  };
}

/** The lines stderr shows: failed assertions, then warnings and notes. Empty when there is nothing to say. */
export function budgetLines(command: string, result: BudgetResult): string[] {
  const failed = result.assertions.filter((a) => !a.passed && a.level === 'error');
  const warned = result.assertions.filter((a) => !a.passed && a.level === 'warn');
  const line = (a: Assertion) => `  ${a.key}: ${a.figure} (${a.limit})`;
  const lines: string[] = [];
  const errors = result.assertions.filter((a) => a.level === 'error').length;
  if (failed.length)
    lines.push(`citable ${command}: budget failed: ${failed.length} of ${errors} assertion${errors === 1 ? '' : 's'}`, ...failed.map(line));
  else lines.push(`citable ${command}: budget met: ${errors} assertion${errors === 1 ? '' : 's'} passed`);
  if (warned.length) lines.push(`citable ${command}: budget warnings (not failing):`, ...warned.map(line));
  if (result.notes.length) lines.push(...result.notes.map((n) => `  ${n}`));
  return lines;
}

export function budgetFailed(result: BudgetResult): boolean {
  return result.assertions.some((a) => !a.passed && a.level === 'error');
}
