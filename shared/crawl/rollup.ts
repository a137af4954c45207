/**
 * The site rollup (docs/api-decisions.md#crawls), built as page results arrive: a small state of sums and counts,
 * never a list of pages or audits. Plain JSON, so a store keeps it beside the crawl (PostgreSQL updates it in
 * the page's transaction) or rebuilds it by replaying page outcomes (the embedded store after a restart).
 */
import { CATEGORY_NAMES, SEVERITIES, type CategoryName, type CategoryScore, type Severity } from '../types/audit.js';
import type { CrawlIssue, CrawlTemplate } from '../schema/crawl.js';
import { ALL_RULES } from '../rules/index.js';
import type { CrawlPageOutcome } from './page-outcome.js';
import { MAX_TEMPLATES, OTHER_TEMPLATE } from './template.js';
import { UNKNOWN_BUILDER } from '../builder/unknown.js';

export const MAX_EXAMPLES = 5;

export interface RollupState {
  audited: number;
  failed: number;
  scoreSum: number;
  /** Per category: the sum of scores and the number of pages where it applied. */
  categories: Record<string, { sum: number; pages: number }>;
  rules: Record<string, { severity: Severity; category: CategoryName; title: string; pages: number; examples: string[] }>;
  templates: Record<string, { pages: number; scoreSum: number }>;
  builders: Record<string, number>;
  sample: { pages: string[]; markdownServed: number; agentsBlocked: number };
}

export function emptyRollup(): RollupState {
  return {
    audited: 0,
    failed: 0,
    scoreSum: 0,
    categories: {},
    rules: {},
    templates: {},
    builders: {},
    sample: { pages: [], markdownServed: 0, agentsBlocked: 0 },
  };
}

const RULE_TITLES = new Map(ALL_RULES.map((r) => [r.id, r.title]));
const severityRank = (s: Severity) => SEVERITIES.indexOf(s);

/** Adds one page's outcome (mutates and returns `state`). */
export function applyPage(state: RollupState, page: CrawlPageOutcome): RollupState {
  if (page.sample) {
    state.sample.pages.push(page.url);
    if (page.sample.markdown) state.sample.markdownServed++;
    if (page.sample.agents_blocked > 0) state.sample.agentsBlocked++;
  }
  if (page.audit_id === null || page.score === null) {
    state.failed++;
    return state;
  }
  state.audited++;
  state.scoreSum += page.score;
  for (const c of page.categories) {
    if (!c.applicable) continue;
    const sum = own(state.categories, c.name) ?? (state.categories[c.name] = { sum: 0, pages: 0 });
    sum.sum += c.score;
    sum.pages++;
  }
  const counted = new Set<string>();
  for (const issue of page.issues) {
    if (counted.has(issue.rule)) continue; // a rule counts once per page
    counted.add(issue.rule);
    let rule = own(state.rules, issue.rule);
    if (!rule) {
      rule = state.rules[issue.rule] = {
        severity: issue.severity,
        category: issue.category,
        title: RULE_TITLES.get(issue.rule) ?? issue.rule,
        pages: 0,
        examples: [],
      };
    }
    rule.pages++;
    if (severityRank(issue.severity) < severityRank(rule.severity)) rule.severity = issue.severity;
    if (rule.examples.length < MAX_EXAMPLES) rule.examples.push(page.url);
  }
  const pattern =
    own(state.templates, page.template) || Object.keys(state.templates).length < MAX_TEMPLATES ? page.template : OTHER_TEMPLATE;
  const template = own(state.templates, pattern) ?? (state.templates[pattern] = { pages: 0, scoreSum: 0 });
  template.pages++;
  template.scoreSum += page.score;
  if (page.builder) state.builders[page.builder] = (own(state.builders, page.builder) ?? 0) + 1;
  return state;
}

export interface RollupSummary {
  score: number | null;
  category_scores: CategoryScore[];
  builder: string | null;
  issues: CrawlIssue[];
  templates: CrawlTemplate[];
}

/** The crawl's figures from the state: rounded means, issues by severity then pages, templates by pages. */
export function summarizeRollup(state: RollupState): RollupSummary {
  const audited = state.audited;
  const category_scores = CATEGORY_NAMES.map((name): CategoryScore => {
    const sum = own(state.categories, name);
    return sum && sum.pages > 0
      ? { name, score: Math.round(sum.sum / sum.pages), applicable: true }
      : { name, score: 100, applicable: false };
  });
  const issues = Object.entries(state.rules)
    .map(([rule, r]): CrawlIssue => ({
      rule,
      severity: r.severity,
      category: r.category,
      title: r.title,
      pages: r.pages,
      share: audited > 0 ? Math.round((r.pages / audited) * 10_000) / 10_000 : 0,
      examples: [...r.examples],
    }))
    .sort((a, b) => severityRank(a.severity) - severityRank(b.severity) || b.pages - a.pages || compare(a.rule, b.rule));
  const templates = Object.entries(state.templates)
    .map(([pattern, t]): CrawlTemplate => ({ pattern, pages: t.pages, score: Math.round(t.scoreSum / t.pages) }))
    .sort((a, b) => b.pages - a.pages || compare(a.pattern, b.pattern));
  return {
    score: audited > 0 ? Math.round(state.scoreSum / audited) : null,
    category_scores: audited > 0 ? category_scores : [],
    builder: mostCommonBuilder(state.builders),
    issues,
    templates,
  };
}

/** The builder most pages show; `Unknown` only when no page showed another. */
function mostCommonBuilder(builders: Record<string, number>): string | null {
  const ranked = Object.entries(builders).sort((a, b) => b[1] - a[1] || compare(a[0], b[0]));
  return (ranked.find(([name]) => name !== UNKNOWN_BUILDER) ?? ranked[0])?.[0] ?? null;
}

function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
