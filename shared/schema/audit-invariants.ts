/**
 * What an audit must satisfy beyond its shape (docs/api-decisions.md#audit-object and docs/api-decisions.md#what-audits-could-not-judge), which JSON Schema cannot say:
 * the six categories in contract order, an inapplicable category at the neutral 100, issues ordered with
 * `position` their index, http(s) URLs, and an overall score consistent with the categories and the
 * critical cap. Pure: the API checks every synced audit with it (PUT /audits/{id}), and the extension or
 * any client can check an audit before sending it.
 *
 * The overall score is compared with the weighted mean of the applicable categories' integer scores,
 * within ROUNDING_TOLERANCE: the engine computes it from exactly those integers, so its own audits match
 * exactly; a client averaging unrounded category values may land one point away.
 */
import { CATEGORY_NAMES, SEVERITIES, type Audit } from '../types/audit.js';
import { CRITICAL_SCORE_CAP } from '../categories.js';
import { capScore, categoriesMean } from '../score/score.js';
import { normalizeAuditUrl } from '../url/normalize.js';
import { parseUrl } from '../url/parse.js';

export const ROUNDING_TOLERANCE = 1;
export const INAPPLICABLE_CATEGORY_SCORE = 100;

export interface ContractProblem {
  /** Where, from the audit: `['issues', 0, 'position']`. */
  path: Array<string | number>;
  message: string;
}

type Check = (audit: Audit) => ContractProblem | null;

/** The first problem of an audit that has the wire shape (auditSchema), or null when it keeps the contract. */
export function auditContractProblem(audit: Audit): ContractProblem | null {
  for (const check of CHECKS) {
    const problem = check(audit);
    if (problem) return problem;
  }
  return null;
}

/** Also the zod schema's message for a category list of another length (shared/schema/audit.ts). */
export function sixCategoriesMessage(count: number): string {
  return `must list the six categories in contract order (${CATEGORY_NAMES.join(', ')}), got ${count}`;
}

const categoriesInOrder: Check = ({ category_scores: categories }) => {
  if (categories.length !== CATEGORY_NAMES.length) return { path: ['category_scores'], message: sixCategoriesMessage(categories.length) };
  const misplaced = categories.findIndex((c, i) => c.name !== CATEGORY_NAMES[i]);
  if (misplaced < 0) return null;
  return {
    path: ['category_scores', misplaced, 'name'],
    message: `must be "${CATEGORY_NAMES[misplaced]}": the categories come in contract order (got "${categories[misplaced]!.name}")`,
  };
};

const inapplicableAtNeutral: Check = ({ category_scores: categories }) => {
  const i = categories.findIndex((c) => !c.applicable && c.score !== INAPPLICABLE_CATEGORY_SCORE);
  if (i < 0) return null;
  return {
    path: ['category_scores', i, 'score'],
    message: `must be ${INAPPLICABLE_CATEGORY_SCORE}, the neutral score of a category that is not applicable (got ${categories[i]!.score})`,
  };
};

const positionsAreIndexes: Check = ({ issues }) => {
  const i = issues.findIndex((issue, index) => issue.position !== index);
  if (i < 0) return null;
  return { path: ['issues', i, 'position'], message: `must be ${i}, the issue's index in issues (got ${issues[i]!.position})` };
};

const issuesInOrder: Check = ({ issues }) => {
  const rank = (i: number) => [SEVERITIES.indexOf(issues[i]!.severity), CATEGORY_NAMES.indexOf(issues[i]!.category)] as const;
  for (let i = 1; i < issues.length; i++) {
    const [severity, category] = rank(i);
    const [previousSeverity, previousCategory] = rank(i - 1);
    if (severity > previousSeverity || (severity === previousSeverity && category >= previousCategory)) continue;
    const what = severity < previousSeverity ? `a ${issues[i]!.severity} issue` : `a ${issues[i]!.category} issue`;
    const after = severity < previousSeverity ? `a ${issues[i - 1]!.severity} one` : `a ${issues[i - 1]!.category} one`;
    return { path: ['issues', i], message: `out of order: ${what} comes after ${after} (issues are ordered by severity, then category)` };
  }
  return null;
};

const submittedUrl: Check = ({ url }) => {
  const normalized = normalizeAuditUrl(url);
  return normalized.ok ? null : { path: ['url'], message: normalized.message };
};

const finalUrl: Check = ({ final_url }) => {
  const parsed = parseUrl(final_url);
  if (parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:')) return null;
  return { path: ['final_url'], message: 'must be an absolute http or https URL' };
};

const scoreFollowsCategories: Check = (audit) => {
  const mean = categoriesMean(audit.category_scores);
  const critical = audit.issues.filter((i) => i.severity === 'critical').length;
  const cap = audit.score_cap;
  if (cap) {
    if (cap.max !== CRITICAL_SCORE_CAP)
      return { path: ['score_cap', 'max'], message: `must be ${CRITICAL_SCORE_CAP}, the critical cap (got ${cap.max})` };
    if (critical === 0) return { path: ['score_cap'], message: 'must be null: no critical issue stands, so nothing caps the score' };
    if (mean < CRITICAL_SCORE_CAP - ROUNDING_TOLERANCE) {
      return {
        path: ['score_cap'],
        message: `must be null: the categories average ${mean}, under the cap, so the cap did not lower the score`,
      };
    }
    if (audit.score !== cap.max) return { path: ['score'], message: `must be ${cap.max}, the cap in score_cap (got ${audit.score})` };
    return null;
  }
  const expected = capScore(mean, critical);
  if (expected.score_cap && mean > CRITICAL_SCORE_CAP + ROUNDING_TOLERANCE) {
    return {
      path: ['score_cap'],
      message: `must be {"max": ${CRITICAL_SCORE_CAP}, "reason": "${expected.score_cap.reason}"}: the categories average ${mean} and the critical cap lowers that to ${CRITICAL_SCORE_CAP}`,
    };
  }
  if (Math.abs(audit.score - mean) > ROUNDING_TOLERANCE) {
    return { path: ['score'], message: `must be ${mean}, the weighted mean of the applicable categories (got ${audit.score})` };
  }
  if (critical > 0 && audit.score > CRITICAL_SCORE_CAP) {
    return { path: ['score'], message: `must be at most ${CRITICAL_SCORE_CAP} while a critical issue stands (got ${audit.score})` };
  }
  return null;
};

const CHECKS: readonly Check[] = [
  categoriesInOrder,
  inapplicableAtNeutral,
  positionsAreIndexes,
  issuesInOrder,
  submittedUrl,
  finalUrl,
  scoreFollowsCategories,
];
