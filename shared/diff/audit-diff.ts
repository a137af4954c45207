/**
 * What changed between two audits (docs/api-decisions.md#reports-shares-and-diffs, `GET /audits/{id}/diff`): a pure function of the
 * two audits, shared by the API, the CLI, the reports and the webhook events built on it
 * (`audit.regressed`, `crawler.blocked`, `webmcp.changed`).
 *
 * Decisions the contract leaves open:
 * - A category that is "n/a" (`applicable: false`) on a side reads `null` there, and its `delta` is `null`
 *   too: "not judged" is not a score of 100, so no difference is computed against it. A category absent
 *   from an audit (never the case for audits of this engine) reads `null` the same way.
 * - Issues are matched by rule id only: a rule whose severity or wording changed between the audits is
 *   neither new nor fixed. `new_issues` keep the newer audit's order (critical first), `fixed_issues` the
 *   older one's.
 * - `crawlers` lists the agents present in both audits whose robots.txt verdict changed, in the newer
 *   audit's order; an agent checked on one side only (a newer engine checks more agents) is no change.
 * - `webmcp` is always present, changed or not.
 * - `fixes_applied` lists the ids of the older audit's fixes (shared/fixes/plan.ts, under any policy) whose
 *   rules all pass in the newer one; a fix no rule asks for is never listed.
 */
import {
  CATEGORY_NAMES,
  type Audit,
  type AuditInputs,
  type CategoryName,
  type CrawlerVerdict,
  type Issue,
  type Severity,
  type WebmcpStatus,
} from '../types/audit.js';
import { categoryApplies } from '../score/score-notes.js';
import { appliedFixIds } from '../fixes/plan.js';

export interface ScoreChange {
  from: number;
  to: number;
  delta: number;
}

export interface CategoryChange {
  name: CategoryName;
  /** null when the category was not applicable ("n/a") in that audit. */
  from: number | null;
  to: number | null;
  /** `to - from`, or null when either side is null. */
  delta: number | null;
}

export interface IssueRef {
  rule: string;
  severity: Severity;
  category: CategoryName;
  title: string;
}

export interface CrawlerChange {
  agent: string;
  from: CrawlerVerdict['robots'];
  to: CrawlerVerdict['robots'];
}

export interface AuditDiff {
  /** The older audit's id (what is compared against). */
  from: string;
  /** The newer audit's id. */
  to: string;
  score: ScoreChange;
  categories: CategoryChange[];
  new_issues: IssueRef[];
  fixed_issues: IssueRef[];
  crawlers: CrawlerChange[];
  webmcp: { from: WebmcpStatus; to: WebmcpStatus };
  /** Ids of the older audit's fixes whose rules pass in the newer one. */
  fixes_applied: string[];
  /**
   * Where each audit was scored and the inputs (`audit.inputs`) that differ between them: part of a change between a
   * browser audit and a server one may come from what each could see (docs/audits.md#why-the-extension-and-the-server-can-differ).
   * Absent from diffs of servers that predate it.
   */
  sources?: DiffSources;
}

export interface DiffSources {
  from: Audit['origin'];
  to: Audit['origin'];
  /** Members of `inputs` whose values differ; empty when they agree or either audit did not record them. */
  inputs_changed: Array<keyof AuditInputs>;
}

/** The diff from `from` (the earlier audit) to `to`. */
export function diffAudits(from: Audit, to: Audit): AuditDiff {
  return {
    from: from.id,
    to: to.id,
    score: { from: from.score, to: to.score, delta: to.score - from.score },
    categories: CATEGORY_NAMES.map((name) => categoryChange(name, from, to)),
    new_issues: issuesOnlyIn(to, from),
    fixed_issues: issuesOnlyIn(from, to),
    crawlers: crawlerChanges(from.crawlers, to.crawlers),
    webmcp: { from: from.signals.webmcp.status, to: to.signals.webmcp.status },
    fixes_applied: appliedFixIds(from, to),
    sources: diffSources(from, to),
  };
}

function diffSources(from: Audit, to: Audit): DiffSources {
  const a = from.inputs;
  const b = to.inputs;
  const changed = a && b ? (Object.keys(a) as Array<keyof AuditInputs>).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])) : [];
  return { from: from.origin, to: to.origin, inputs_changed: changed };
}

function categoryChange(name: CategoryName, from: Audit, to: Audit): CategoryChange {
  const before = judgedScore(from, name);
  const after = judgedScore(to, name);
  return { name, from: before, to: after, delta: before === null || after === null ? null : after - before };
}

function judgedScore(audit: Audit, name: CategoryName): number | null {
  const category = audit.category_scores.find((c) => c.name === name);
  return category && categoryApplies(category) ? category.score : null;
}

/** The issues of `audit` whose rule does not fire in `other`, once per rule, in `audit`'s order. */
function issuesOnlyIn(audit: Audit, other: Audit): IssueRef[] {
  const elsewhere = new Set(other.issues.map((i) => i.rule));
  const seen = new Set<string>();
  const refs: IssueRef[] = [];
  for (const issue of audit.issues) {
    if (elsewhere.has(issue.rule) || seen.has(issue.rule)) continue;
    seen.add(issue.rule);
    refs.push(issueRef(issue));
  }
  return refs;
}

function issueRef(issue: Issue): IssueRef {
  return { rule: issue.rule, severity: issue.severity, category: issue.category, title: issue.title };
}

function crawlerChanges(before: readonly CrawlerVerdict[], after: readonly CrawlerVerdict[]): CrawlerChange[] {
  const earlier = new Map(before.map((c) => [c.agent, c.robots]));
  const changes: CrawlerChange[] = [];
  for (const crawler of after) {
    const was = earlier.get(crawler.agent);
    if (was !== undefined && was !== crawler.robots) changes.push({ agent: crawler.agent, from: was, to: crawler.robots });
  }
  return changes;
}
