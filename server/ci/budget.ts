/**
 * `--budget FILE`: what a run must meet, as JSON:
 *
 *   {"score": {"min": 70}, "categories": {"AI Discovery": {"min": 60}},
 *    "rules": {"robots.search-agents-blocked": "error", "trust.hsts": "warn", "content.title": "off"},
 *    "max_critical": 0}
 *
 * Every member is optional. A file with an unknown key, a value of the wrong type, a category or a rule id
 * the engine does not know is refused with a message naming the key (the command exits 2). Evaluation is
 * in budget-check.ts.
 */
import { CATEGORY_NAMES, type CategoryName } from '../../shared/types/audit.js';
import { ruleInfo } from './rule-catalogue.js';

export const RULE_LEVELS = ['error', 'warn', 'off'] as const;
export type RuleLevel = (typeof RULE_LEVELS)[number];

export interface Budget {
  scoreMin: number | null;
  categoryMins: Array<{ name: CategoryName; min: number }>;
  rules: Array<{ rule: string; level: RuleLevel }>;
  maxCritical: number | null;
}

export class BudgetError extends Error {}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const TOP_KEYS = ['score', 'categories', 'rules', 'max_critical'];

/** The budget in `text`, or a BudgetError naming the key at fault. */
export function parseBudget(text: string): Budget {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new BudgetError(`is not valid JSON (${(err as Error).message})`);
  }
  if (!isObject(doc)) throw new BudgetError('must be a JSON object such as {"score": {"min": 70}}');
  refuseUnknown(doc, TOP_KEYS, '');
  return {
    scoreMin: doc.score === undefined ? null : minOf(doc.score, 'score'),
    categoryMins: categoryMins(doc.categories),
    rules: ruleLevels(doc.rules),
    maxCritical: doc.max_critical === undefined ? null : count(doc.max_critical, 'max_critical'),
  };
}

function refuseUnknown(obj: Json, known: readonly string[], at: string): void {
  for (const key of Object.keys(obj)) {
    if (!known.includes(key)) {
      throw new BudgetError(
        `unknown key ${at ? `${at}.` : ''}${JSON.stringify(key)}: allowed ${known.map((k) => JSON.stringify(k)).join(', ')}`,
      );
    }
  }
}

/** `{"min": N}` with N a whole number from 0 to 100. */
function minOf(value: unknown, at: string): number {
  if (!isObject(value)) throw new BudgetError(`${at} must be an object such as {"min": 70} (got ${typeName(value)})`);
  refuseUnknown(value, ['min'], at);
  const min = value.min;
  if (min === undefined) throw new BudgetError(`${at}.min is required`);
  if (typeof min !== 'number' || !Number.isInteger(min) || min < 0 || min > 100) {
    throw new BudgetError(`${at}.min must be a whole number from 0 to 100 (got ${JSON.stringify(min)})`);
  }
  return min;
}

function count(value: unknown, at: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new BudgetError(`${at} must be a whole number of at least 0 (got ${JSON.stringify(value)})`);
  }
  return value;
}

function categoryMins(value: unknown): Budget['categoryMins'] {
  if (value === undefined) return [];
  if (!isObject(value)) throw new BudgetError(`categories must be an object of category names (got ${typeName(value)})`);
  return Object.entries(value).map(([name, entry]) => {
    if (!(CATEGORY_NAMES as readonly string[]).includes(name)) {
      throw new BudgetError(
        `unknown category categories.${JSON.stringify(name)}: the categories are ${CATEGORY_NAMES.map((c) => JSON.stringify(c)).join(', ')}`,
      );
    }
    return { name: name as CategoryName, min: minOf(entry, `categories.${JSON.stringify(name)}`) };
  });
}

function ruleLevels(value: unknown): Budget['rules'] {
  if (value === undefined) return [];
  if (!isObject(value)) throw new BudgetError(`rules must be an object of rule ids (got ${typeName(value)})`);
  return Object.entries(value).map(([rule, level]) => {
    if (!ruleInfo(rule)) throw new BudgetError(`unknown rule id rules.${JSON.stringify(rule)}: the rule ids are listed in docs/rules.md`);
    if (typeof level !== 'string' || !(RULE_LEVELS as readonly string[]).includes(level)) {
      throw new BudgetError(`rules.${JSON.stringify(rule)} must be "error", "warn" or "off" (got ${JSON.stringify(level)})`);
    }
    return { rule, level: level as RuleLevel };
  });
}

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}
