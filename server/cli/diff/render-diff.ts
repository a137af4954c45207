/** An audit diff as the terminal shows it: the score, what moved in each category, new and fixed issues, crawlers, WebMCP. */
import type { AuditDiff, DiffSources, IssueRef } from '../../../shared/diff/audit-diff.js';
import { NOT_APPLICABLE_LABEL } from '../../../shared/score/score-notes.js';
import type { ReportLanguage } from '../../../shared/i18n/languages.js';
import type { MessageKey } from '../../../shared/i18n/catalogue.js';
import { createTranslator, type Translator } from '../../../shared/i18n/translator.js';
import { ruleTitleIn } from '../../../shared/report/rule-titles.js';
import { createStyle, type Style } from '../report/style.js';
import { safe, table } from '../report/text.js';

export function renderDiff(diff: AuditDiff, options: { color: boolean; lang?: ReportLanguage }): string {
  const style = createStyle(options.color);
  const tr = createTranslator(options.lang ?? 'en');
  const { t } = tr;
  const lines: string[] = [];
  const fromLabel = t('diff.from');
  const pad = ' '.repeat(t('diff.title').length + 2);
  lines.push(style.bold(t('diff.title')) + style.dim(`  ${fromLabel} ${diff.from}`));
  lines.push(style.dim(`${pad}${t('diff.to').padEnd(fromLabel.length)} ${diff.to}`), '');
  lines.push(`${style.bold(t('diff.score'))}  ${diff.score.from} → ${diff.score.to}  ${delta(style, diff.score.delta)}`, '');
  const sources = diff.sources && sourcesLine(diff.sources, tr);
  if (sources) lines.push(`${style.bold(t('diff.sources'))}  ${sources}`, '');

  lines.push(style.bold(t('diff.categories')));
  lines.push(
    ...table(
      diff.categories.map((c) => [
        t(`category.${c.name}` as MessageKey),
        `${c.from ?? NOT_APPLICABLE_LABEL} → ${c.to ?? NOT_APPLICABLE_LABEL}`,
        c.delta === null
          ? style.dim(c.from === c.to ? '' : t('diff.notComparable'))
          : c.delta === 0
            ? style.dim(t('diff.unchanged'))
            : delta(style, c.delta),
      ]),
    ),
    '',
  );

  const none = [style.dim(`  ${t('diff.none')}`)];
  lines.push(style.bold(t('diff.newIssues', { count: diff.new_issues.length })));
  lines.push(...(diff.new_issues.length ? issueRows(style, tr, diff.new_issues, style.red('+')) : none), '');
  lines.push(style.bold(t('diff.fixedIssues', { count: diff.fixed_issues.length })));
  lines.push(...(diff.fixed_issues.length ? issueRows(style, tr, diff.fixed_issues, style.green('-')) : none), '');

  lines.push(style.bold(t('diff.crawlers')));
  const verdict = (v: 'allowed' | 'blocked') => (v === 'blocked' ? t('diff.blocked') : t('diff.allowed'));
  lines.push(
    ...(diff.crawlers.length
      ? table(
          diff.crawlers.map((c) => [
            safe(c.agent),
            `${verdict(c.from)} → ${(c.to === 'blocked' ? style.red : style.green)(verdict(c.to))}`,
          ]),
        )
      : [style.dim(`  ${t('diff.noChange')}`)]),
    '',
  );
  const webmcp =
    diff.webmcp.from === diff.webmcp.to
      ? `${diff.webmcp.to} ${style.dim(t('diff.webmcpUnchanged'))}`
      : `${diff.webmcp.from} → ${style.bold(diff.webmcp.to)}`;
  lines.push(`${style.bold(t('diff.webmcp'))}  ${webmcp}`, '');
  return lines.join('\n');
}

const WHERE: Record<DiffSources['from'], MessageKey> = {
  server: 'diff.whereServer',
  extension: 'diff.whereExtension',
  crawl: 'diff.whereCrawl',
};

/**
 * Where each audit was scored and which of its inputs differ, one line; null when both were scored in the same
 * place from the same inputs (then the diff is like for like and the line would only be noise).
 */
export function sourcesLine(sources: DiffSources, tr: Translator = createTranslator('en')): string | null {
  const moved = sources.from !== sources.to;
  if (!moved && sources.inputs_changed.length === 0) return null;
  const where = (o: DiffSources['from']) => (WHERE[o] ? tr.t(WHERE[o]) : o);
  const scored = moved
    ? tr.t('diff.scored', { from: where(sources.from), to: where(sources.to) })
    : tr.t('diff.scoredBoth', { where: where(sources.to) });
  return sources.inputs_changed.length ? `${scored}; ${tr.t('diff.inputs', { names: sources.inputs_changed.join(', ') })}` : scored;
}

function delta(style: Style, value: number): string {
  if (value > 0) return style.green(`+${value}`);
  if (value < 0) return style.red(String(value));
  return style.dim('±0');
}

function issueRows(style: Style, tr: Translator, issues: IssueRef[], mark: string): string[] {
  // English keeps its lower-case severities; other languages take the catalogue's word.
  const word = (s: IssueRef['severity']) => (tr.lang === 'en' ? s : tr.t(`severity.${s}`));
  const severity = (s: IssueRef['severity']) => (s === 'critical' ? style.red : s === 'warning' ? style.yellow : style.dim)(word(s));
  return table(issues.map((i) => [mark, severity(i.severity), safe(ruleTitleIn(tr, i.rule, i.title)), style.dim(safe(i.rule))]));
}
