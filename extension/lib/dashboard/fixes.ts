/** How the dashboard lists fixes: each once, under the first issue it fixes (in the issues' order), the rest after. */
import type { Fix } from '../api/types.js';

export interface IssueHeading {
  rule: string;
  title: string;
  severity: string;
}

export interface FixGroup {
  /** The issue the fixes answer; null for fixes no issue asks for (a policy choice, an API catalog). */
  issue: IssueHeading | null;
  fixes: Fix[];
}

export function groupFixes(issues: readonly IssueHeading[], fixes: readonly Fix[]): FixGroup[] {
  const placed = new Set<string>();
  const groups: FixGroup[] = [];
  for (const issue of issues) {
    const mine = fixes.filter((f) => !placed.has(f.id) && f.rules.includes(issue.rule));
    for (const f of mine) placed.add(f.id);
    if (mine.length) groups.push({ issue, fixes: mine });
  }
  const rest = fixes.filter((f) => !placed.has(f.id));
  if (rest.length) groups.push({ issue: null, fixes: rest });
  return groups;
}

/** The archive's file name: the site's host, then the date (citable-fixes-example.com-2026-03-01.zip). */
export function archiveName(url: string, now = new Date()): string {
  let host = 'site';
  try {
    host = new URL(url).host.replace(/[^a-z0-9.-]/gi, '_');
  } catch {
    /* a URL as submitted may lack its scheme: keep the generic name */
  }
  return `citable-fixes-${host}-${now.toISOString().slice(0, 10)}.zip`;
}
