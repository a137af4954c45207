/**
 * What changed between two audits of the same URL, in the members of contract section 11
 * (`GET /audits/{id}/diff`): score, categories, new and fixed issues (by rule id), crawler verdicts,
 * WebMCP status. The reports work puts the same function in shared/diff/audit-diff.ts; when both are
 * merged, the events take theirs and this file goes (same inputs, same members).
 */
import { CATEGORY_NAMES, type Audit, type Issue } from '../../shared/types/audit.js';
import type { EventAuditDiff } from '../../shared/schema/webhook.js';

export function diffAudits(from: Audit, to: Audit): EventAuditDiff {
  const fromRules = issuesByRule(from.issues);
  const toRules = issuesByRule(to.issues);
  const fromCrawlers = new Map(from.crawlers.map((c) => [c.agent, c.robots]));
  return {
    from: from.id,
    to: to.id,
    score: { from: from.score, to: to.score, delta: to.score - from.score },
    categories: CATEGORY_NAMES.flatMap((name) => {
      const a = from.category_scores.find((c) => c.name === name);
      const b = to.category_scores.find((c) => c.name === name);
      return a && b ? [{ name, from: a.score, to: b.score, delta: b.score - a.score }] : [];
    }),
    new_issues: [...toRules].filter(([rule]) => !fromRules.has(rule)).map(([, issue]) => brief(issue)),
    fixed_issues: [...fromRules].filter(([rule]) => !toRules.has(rule)).map(([, issue]) => brief(issue)),
    crawlers: to.crawlers.flatMap((c) => {
      const before = fromCrawlers.get(c.agent);
      return before !== undefined && before !== c.robots ? [{ agent: c.agent, from: before, to: c.robots }] : [];
    }),
    webmcp: { from: from.signals.webmcp.status, to: to.signals.webmcp.status },
  };
}

/** One issue per rule: the first (the most severe, as issues are ordered). */
function issuesByRule(issues: readonly Issue[]): Map<string, Issue> {
  const byRule = new Map<string, Issue>();
  for (const issue of issues) if (!byRule.has(issue.rule)) byRule.set(issue.rule, issue);
  return byRule;
}

function brief(issue: Issue): { rule: string; severity: string; category: string; title: string } {
  return { rule: issue.rule, severity: issue.severity, category: issue.category, title: issue.title };
}
