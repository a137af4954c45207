/**
 * What the CI formats say about each rule: its headline, severity, category, and, where the rule declares
 * them, its description and fix line and its section of docs/rules.md (the anchor is the id with the dot
 * replaced by a hyphen: `trust.hsts` is `docs/rules.md#trust-hsts`).
 */
import { ALL_RULES } from '../../shared/rules/index.js';
import type { CategoryName, Severity } from '../../shared/types/audit.js';

export interface RuleInfo {
  id: string;
  title: string;
  severity: Severity;
  category: CategoryName;
  weight: number;
  /** What the rule checks, one line; null for a rule that does not declare it. */
  description: string | null;
  /** How to fix a fault, one line; null for a rule that does not declare it. */
  fix: string | null;
  /** `docs/rules.md#trust-hsts`: relative to the repository root. */
  docsPath: string;
}

/** The generated rule reference, relative to the repository root. */
export const RULES_DOC_PATH = 'docs/rules.md';

/** A rule as the registry declares it; `description` and `fix` are read when present. */
interface DeclaredRule {
  id: string;
  title: string;
  severity: Severity;
  category: CategoryName;
  weight: number;
  description?: string;
  fix?: string;
}

function infoOf(rule: DeclaredRule): RuleInfo {
  return {
    id: rule.id,
    title: rule.title,
    severity: rule.severity,
    category: rule.category,
    weight: rule.weight,
    description: rule.description?.trim() || null,
    fix: rule.fix?.trim() || null,
    docsPath: `${RULES_DOC_PATH}#${rule.id.replace(/\./g, '-')}`,
  };
}

/** Every rule the engine runs, in registry order (category by category). */
export const RULE_CATALOGUE: readonly RuleInfo[] = ALL_RULES.map((rule) => infoOf(rule as DeclaredRule));

const BY_ID = new Map(RULE_CATALOGUE.map((rule, index) => [rule.id, { rule, index }]));

export function ruleInfo(id: string): RuleInfo | undefined {
  return BY_ID.get(id)?.rule;
}

/** The rule's position in RULE_CATALOGUE (SARIF's ruleIndex), or -1 for an id the engine does not know. */
export function ruleIndex(id: string): number {
  return BY_ID.get(id)?.index ?? -1;
}
