/** What changed from a baseline to this run: the scores, the issues that appeared or went, the pages affected. */
import type { Severity } from '../../shared/types/audit.js';
import type { Baseline } from './baseline.js';
import type { CiReport, RolledIssue } from './ci-report.js';

export interface Change {
  score: { from: number | null; to: number | null };
  categories: Array<{ name: string; from: number | null | undefined; to: number | null }>;
  newIssues: RolledIssue[];
  fixedIssues: Array<{ rule: string; severity: Severity; title: string; pages: number }>;
  /** A crawl's issues on more or fewer pages than before. */
  morePages: Array<{ rule: string; title: string; from: number; to: number }>;
  fewerPages: Array<{ rule: string; title: string; from: number; to: number }>;
}

export function compare(baseline: Baseline, report: CiReport): Change {
  const now = new Map(report.issues.map((i) => [i.rule, i]));
  const moved = report.issues
    .filter((i) => baseline.issues.has(i.rule) && baseline.issues.get(i.rule)!.pages !== i.pages)
    .map((i) => ({ rule: i.rule, title: i.title, from: baseline.issues.get(i.rule)!.pages, to: i.pages }));
  return {
    score: { from: baseline.score, to: report.score },
    categories: report.categories.map((c) => ({ name: c.name, from: baseline.categories.get(c.name), to: c.applicable ? c.score : null })),
    newIssues: report.issues.filter((i) => !baseline.issues.has(i.rule)),
    fixedIssues: [...baseline.issues]
      .filter(([rule]) => !now.has(rule))
      .map(([rule, i]) => ({ rule, severity: i.severity, title: i.title, pages: i.pages })),
    morePages: moved.filter((m) => m.to > m.from),
    fewerPages: moved.filter((m) => m.to < m.from),
  };
}
