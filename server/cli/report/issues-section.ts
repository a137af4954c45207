import { SEVERITIES, type Audit, type Severity } from '../../../shared/types/audit.js';
import type { ReportContext } from './context.js';
import type { Style } from './style.js';
import { safe, wrap } from './text.js';

const HEADINGS: Record<Severity, string> = { critical: 'Critical', warning: 'Warnings', notice: 'Notices' };
const MARKS: Record<Severity, string> = { critical: '✖', warning: '▲', notice: '•' };

function tone(style: Style, severity: Severity): (s: string) => string {
  return severity === 'critical' ? style.red : severity === 'warning' ? style.yellow : style.blue;
}

/** Issues grouped by severity (already ordered by the engine), each with its advice. */
export function issuesSection(audit: Audit, { style, width }: ReportContext): string[] {
  if (audit.issues.length === 0) return [style.bold('Issues'), `  ${style.green('No issues found.')}`];
  const counts = SEVERITIES.map((s) => [audit.issues.filter((i) => i.severity === s).length, s] as const)
    .filter(([n]) => n > 0)
    .map(([n, s]) => `${n} ${s}${n === 1 || s === 'critical' ? '' : 's'}`)
    .join(', ');
  const lines = [`${style.bold('Issues')} ${style.dim(`(${counts})`)}`];
  for (const severity of SEVERITIES) {
    const group = audit.issues.filter((i) => i.severity === severity);
    if (group.length === 0) continue;
    const paint = tone(style, severity);
    lines.push('', `  ${style.bold(paint(HEADINGS[severity]))}`);
    for (const issue of group) {
      lines.push(`  ${paint(MARKS[severity])} ${style.bold(safe(issue.title))} ${style.dim(`[${issue.category} · ${safe(issue.rule)}]`)}`);
      lines.push(...wrap(safe(issue.detail), width, '      '));
    }
  }
  return lines;
}
