/** An audit diff as the terminal shows it: the score, what moved in each category, new and fixed issues, crawlers, WebMCP. */
import type { AuditDiff, IssueRef } from '../../../shared/diff/audit-diff.js';
import { NOT_APPLICABLE_LABEL } from '../../../shared/score/score-notes.js';
import { createStyle, type Style } from '../report/style.js';
import { safe, table } from '../report/text.js';

export function renderDiff(diff: AuditDiff, options: { color: boolean }): string {
  const style = createStyle(options.color);
  const lines: string[] = [];
  lines.push(style.bold(`Citable diff`) + style.dim(`  from ${diff.from}`));
  lines.push(style.dim(`              to   ${diff.to}`), '');
  lines.push(`${style.bold('Score')}  ${diff.score.from} → ${diff.score.to}  ${delta(style, diff.score.delta)}`, '');

  lines.push(style.bold('Categories'));
  lines.push(
    ...table(
      diff.categories.map((c) => [
        c.name,
        `${c.from ?? NOT_APPLICABLE_LABEL} → ${c.to ?? NOT_APPLICABLE_LABEL}`,
        c.delta === null
          ? style.dim(c.from === c.to ? '' : 'not comparable')
          : c.delta === 0
            ? style.dim('unchanged')
            : delta(style, c.delta),
      ]),
    ),
    '',
  );

  lines.push(style.bold(`New issues (${diff.new_issues.length})`));
  lines.push(...(diff.new_issues.length ? issueRows(style, diff.new_issues, style.red('+')) : [style.dim('  none')]), '');
  lines.push(style.bold(`Fixed issues (${diff.fixed_issues.length})`));
  lines.push(...(diff.fixed_issues.length ? issueRows(style, diff.fixed_issues, style.green('-')) : [style.dim('  none')]), '');

  lines.push(style.bold('AI crawlers (robots.txt)'));
  lines.push(
    ...(diff.crawlers.length
      ? table(diff.crawlers.map((c) => [safe(c.agent), `${c.from} → ${c.to === 'blocked' ? style.red(c.to) : style.green(c.to)}`]))
      : [style.dim('  no change')]),
    '',
  );
  const webmcp =
    diff.webmcp.from === diff.webmcp.to
      ? `${diff.webmcp.to} ${style.dim('(unchanged)')}`
      : `${diff.webmcp.from} → ${style.bold(diff.webmcp.to)}`;
  lines.push(`${style.bold('WebMCP')}  ${webmcp}`, '');
  return lines.join('\n');
}

function delta(style: Style, value: number): string {
  if (value > 0) return style.green(`+${value}`);
  if (value < 0) return style.red(String(value));
  return style.dim('±0');
}

function issueRows(style: Style, issues: IssueRef[], mark: string): string[] {
  const severity = (s: IssueRef['severity']) => (s === 'critical' ? style.red(s) : s === 'warning' ? style.yellow(s) : style.dim(s));
  return table(issues.map((i) => [mark, severity(i.severity), safe(i.title), style.dim(safe(i.rule))]));
}
