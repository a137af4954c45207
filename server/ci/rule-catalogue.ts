/**
 * What the CI formats say about each rule: its headline, severity, category and weight, what it checks and
 * how to fix a fault (the rule's own description and fix lines), and its section of docs/rules.md.
 */
import { ruleDocsLink, RULES_DOC, type Rule } from '../../shared/judge/rule.js';
import { ALL_RULES } from '../../shared/rules/index.js';
import type { CategoryName, Severity } from '../../shared/types/audit.js';

export interface RuleInfo {
  id: string;
  title: string;
  severity: Severity;
  category: CategoryName;
  weight: number;
  /** What the rule checks, one line. */
  description: string;
  /** How to fix a fault, one line. */
  fix: string;
  /** `docs/rules.md#trust-hsts`: relative to the repository root. */
  docsPath: string;
}

/** The generated rule reference, relative to the repository root. */
export const RULES_DOC_PATH = RULES_DOC;

function infoOf(rule: Rule): RuleInfo {
  const { id, title, severity, category, weight, description, fix } = rule;
  return { id, title, severity, category, weight, description, fix, docsPath: ruleDocsLink(id) };
}

/** Every rule the engine runs, in registry order (category by category). */
export const RULE_CATALOGUE: readonly RuleInfo[] = ALL_RULES.map(infoOf);

const BY_ID = new Map(RULE_CATALOGUE.map((rule, index) => [rule.id, { rule, index }]));

export function ruleInfo(id: string): RuleInfo | undefined {
  return BY_ID.get(id)?.rule;
}

/** The rule's position in RULE_CATALOGUE (SARIF's ruleIndex), or -1 for an id the engine does not know. */
export function ruleIndex(id: string): number {
  return BY_ID.get(id)?.index ?? -1;
}
