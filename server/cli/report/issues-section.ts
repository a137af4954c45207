import { SEVERITIES, type Audit, type Severity } from '../../../shared/types/audit.js';
import type { ReportContext } from './context.js';
import type { Style } from './style.js';
import { safe, wrap } from './text.js';
import { ruleTitleIn } from '../../../shared/report/rule-titles.js';
import { categoryName } from './summary-section.js';

const MARKS: Record<Severity, string> = { critical: '✖', warning: '▲', notice: '•' };

function tone(style: Style, severity: Severity): (s: string) => string {
  return severity === 'critical' ? style.red : severity === 'warning' ? style.yellow : style.blue;
}

/** Issues grouped by severity (already ordered by the engine), each with its advice. */
export function issuesSection(audit: Audit, { style, width, tr }: ReportContext): string[] {
  if (audit.issues.length === 0) return [style.bold(tr.t('cli.issues')), `  ${style.green(tr.t('cli.noIssues'))}`];
  const counts = SEVERITIES.map((s) => [audit.issues.filter((i) => i.severity === s).length, s] as const)
    .filter(([n]) => n > 0)
    .map(([n, s]) => `${tr.number(n)} ${tr.t(`counts.${s}`, { count: n })}`)
    .join(', ');
  const lines = [`${style.bold(tr.t('cli.issues'))} ${style.dim(`(${counts})`)}`];
  // Rule titles are translated; the advice under them is the rule's English (as in the HTML reports).
  if (tr.lang !== 'en') lines.push(`  ${style.dim(tr.t('cli.adviceEnglish'))}`);
  for (const severity of SEVERITIES) {
    const group = audit.issues.filter((i) => i.severity === severity);
    if (group.length === 0) continue;
    const paint = tone(style, severity);
    lines.push('', `  ${style.bold(paint(tr.t(`cli.heading.${severity}`)))}`);
    for (const issue of group) {
      const title = safe(ruleTitleIn(tr, issue.rule, issue.title));
      lines.push(
        `  ${paint(MARKS[severity])} ${style.bold(title)} ${style.dim(`[${categoryName(tr, issue.category)} · ${safe(issue.rule)}]`)}`,
      );
      lines.push(...wrap(safe(issue.detail), width, '      '));
    }
  }
  return lines;
}
