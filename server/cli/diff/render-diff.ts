/** An audit diff as the terminal shows it: the score, what moved in each category, new and fixed issues, crawlers, WebMCP. */
import type { AuditDiff, DiffSources, IssueRef } from '../../../shared/diff/audit-diff.js';
import { NOT_APPLICABLE_LABEL } from '../../../shared/score/score-notes.js';
import { createStyle, type Style } from '../report/style.js';
import { safe, table } from '../report/text.js';

export function renderDiff(diff: AuditDiff, options: { color: boolean }): string {
  const style = createStyle(options.color);
  const lines: string[] = [];
  lines.push(style.bold(`Citable diff`) + style.dim(`  from ${diff.from}`));
  lines.push(style.dim(`              to   ${diff.to}`), '');
  lines.push(`${style.bold('Score')}  ${diff.score.from} → ${diff.score.to}  ${delta(style, diff.score.delta)}`, '');
  const sources = diff.sources && sourcesLine(diff.sources);
  if (sources) lines.push(`${style.bold(SOURCE_WORDS.label)}  ${sources}`, '');

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

/** The words of the sources line, in one place so they can be translated. */
export const SOURCE_WORDS = {
  label: 'Sources',
  where: { server: 'the server', extension: 'the extension', crawl: 'a site audit' } as Record<DiffSources['from'], string>,
  scored: (from: string, to: string) => `scored by ${from} → ${to}`,
  scoredBoth: (where: string) => `both scored by ${where}`,
  inputs: (names: string) => `judged from different inputs: ${names}`,
} as const;

/**
 * Where each audit was scored and which of its inputs differ, one line; null when both were scored in the same
 * place from the same inputs (then the diff is like for like and the line would only be noise).
 */
export function sourcesLine(sources: DiffSources): string | null {
  const moved = sources.from !== sources.to;
  if (!moved && sources.inputs_changed.length === 0) return null;
  const where = (o: DiffSources['from']) => SOURCE_WORDS.where[o] ?? o;
  const scored = moved ? SOURCE_WORDS.scored(where(sources.from), where(sources.to)) : SOURCE_WORDS.scoredBoth(where(sources.to));
  return sources.inputs_changed.length ? `${scored}; ${SOURCE_WORDS.inputs(sources.inputs_changed.join(', '))}` : scored;
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
