import type { CategoryName, Severity } from '../types/audit.js';
import type { JudgeContext } from './context.js';

/** A rule's verdict: 1 passes, 0 fails, anything between is partial credit. */
export interface RuleOutcome {
  score: number;
  /** What was found and what to do; one or two sentences. Required when score < 1. */
  detail?: string;
  /** Overrides the rule's headline for this outcome. */
  title?: string;
  /** Overrides the rule's severity for this outcome (e.g. a partial result is only a warning). */
  severity?: Severity;
  /**
   * The issue is raised but costs nothing: the rule counts as passed in its category's score. For a weighted rule
   * whose fault is a legitimate choice in some cases (access.edge-refuses-allowed-agent for training crawlers only).
   */
  informational?: boolean;
}

export const NOT_APPLICABLE: unique symbol = Symbol('not-applicable');
export type RuleResult = RuleOutcome | typeof NOT_APPLICABLE;

export interface Rule {
  /** Stable id, `<area>.<what>`, e.g. `robots.search-agents-blocked`. Public: never rename. */
  id: string;
  category: CategoryName;
  /**
   * Weight inside the category. 0 means informational: the rule can raise an issue
   * (a notice such as a training-only block) but never moves a score.
   */
  weight: number;
  /** Severity of the issue raised when the rule does not fully pass. */
  severity: Severity;
  /** Default issue headline. */
  title: string;
  /** What the rule checks, one line in plain words ("Whether ..."): docs/rules.md shows it under the rule's id. */
  description: string;
  /** How to fix a fault, one short imperative line (for a weight-0 notice, "Nothing to fix if intended; ..."). */
  fix: string;
  /** Pure: reads the context, never fetches, never throws on odd input. */
  check(ctx: JudgeContext): RuleResult;
}

export const pass = (): RuleOutcome => ({ score: 1 });
export const fail = (detail: string, extra: Omit<RuleOutcome, 'score' | 'detail'> = {}): RuleOutcome => ({
  score: 0,
  detail,
  ...extra,
});
export const partial = (score: number, detail: string, extra: Omit<RuleOutcome, 'score' | 'detail'> = {}): RuleOutcome => ({
  score: Math.min(1, Math.max(0, score)),
  detail,
  ...extra,
});
export const notApplicable = (): RuleResult => NOT_APPLICABLE;

/** The generated rule reference (`npm run docs:rules`), relative to the repository root. */
export const RULES_DOC = 'docs/rules.md';

/** A rule's anchor in docs/rules.md, derived from its id: `trust.hsts` -> `trust-hsts`. */
export function ruleDocsAnchor(id: string): string {
  return id.replace(/\./g, '-');
}

/** Where a rule is documented: `docs/rules.md#trust-hsts`. */
export function ruleDocsLink(id: string): string {
  return `${RULES_DOC}#${ruleDocsAnchor(id)}`;
}

/** Identity helper that keeps rule literals type-checked. */
export function defineRule(rule: Rule): Rule {
  return rule;
}
