/**
 * Scores the accuracy corpus's findings against the hand verdicts in tests/fixtures/accuracy/verdicts.json:
 * precision per rule (right of right + wrong), the share disputed, and wrong critical issues. Shared by the
 * test (tests/engine/accuracy/accuracy.test.ts) and the benchmark (`npm run bench -- --only accuracy`).
 */
import type { Severity } from '../../../shared/types/index.js';
import { ACCURACY_PAGES, type AccuracyPage, type Verdicts } from '../../fixtures/accuracy/corpus.js';
import { auditCorpusPage, findingsOf, type Finding } from './audit-corpus.js';

/** What the corpus must show: almost every finding right, few disputed, no wrong critical issue. */
export const ACCURACY_GOAL = { precision: 0.98, disputedShare: 0.1, wrongCritical: 0 };

export interface RuleTally {
  rule: string;
  right: number;
  wrong: number;
  disputed: number;
}

export interface CorpusTally {
  findings: number;
  right: number;
  wrong: number;
  disputed: number;
  /** right / (right + wrong): disputed findings count for neither side. */
  precision: number;
  disputedShare: number;
  wrongCritical: Finding[];
  byRule: RuleTally[];
  bySeverity: Partial<Record<Severity, number>>;
  /** Findings the verdict file does not judge yet: each needs a verdict (read the page). */
  unjudged: Finding[];
  /** Verdicts whose finding no longer appears ("page rule"): the rule changed, so the verdict goes. */
  stale: string[];
}

/** Audits every page of the corpus (one loopback server per page, one page at a time). */
export async function auditCorpus(pages: readonly AccuracyPage[] = ACCURACY_PAGES): Promise<Finding[]> {
  const all: Finding[] = [];
  for (const page of pages) all.push(...findingsOf(page, await auditCorpusPage(page)));
  return all;
}

export function tallyFindings(findings: readonly Finding[], verdicts: Verdicts): CorpusTally {
  const rules = new Map<string, RuleTally>();
  const tally: CorpusTally = {
    findings: findings.length,
    right: 0,
    wrong: 0,
    disputed: 0,
    precision: 1,
    disputedShare: 0,
    wrongCritical: [],
    byRule: [],
    bySeverity: {},
    unjudged: [],
    stale: [],
  };
  const seen = new Set<string>();
  for (const f of findings) {
    seen.add(`${f.page} ${f.rule}`);
    tally.bySeverity[f.severity] = (tally.bySeverity[f.severity] ?? 0) + 1;
    const verdict = verdicts[f.page]?.[f.rule];
    if (!verdict) {
      tally.unjudged.push(f);
      continue;
    }
    const row = rules.get(f.rule) ?? { rule: f.rule, right: 0, wrong: 0, disputed: 0 };
    rules.set(f.rule, row);
    row[verdict.verdict]++;
    tally[verdict.verdict]++;
    if (verdict.verdict === 'wrong' && f.severity === 'critical') tally.wrongCritical.push(f);
  }
  for (const [page, byRule] of Object.entries(verdicts)) {
    for (const rule of Object.keys(byRule)) if (!seen.has(`${page} ${rule}`)) tally.stale.push(`${page} ${rule}`);
  }
  const judged = tally.right + tally.wrong;
  tally.precision = judged ? tally.right / judged : 1;
  tally.disputedShare = findings.length ? tally.disputed / findings.length : 0;
  tally.byRule = [...rules.values()].sort((a, b) => b.right + b.wrong + b.disputed - (a.right + a.wrong + a.disputed));
  return tally;
}

/** Whether the tally meets ACCURACY_GOAL (and every finding is judged). */
export function meetsGoal(t: CorpusTally): boolean {
  return (
    t.unjudged.length === 0 &&
    t.precision >= ACCURACY_GOAL.precision &&
    t.disputedShare <= ACCURACY_GOAL.disputedShare &&
    t.wrongCritical.length <= ACCURACY_GOAL.wrongCritical
  );
}
