import type { Audit } from '../../../shared/types/audit.js';
import { categoryApplies, nothingJudged, NOT_APPLICABLE_LABEL, scoreCapNote } from '../../../shared/score/score-notes.js';
import type { ReportContext } from './context.js';
import { scoreBar } from './bar.js';
import { auditSourceLine } from '../../../shared/audit/audit-inputs.js';
import { scoreColor } from './style.js';
import { padEnd, safe, table } from './text.js';

const BAR_WIDTH = 20;

/** Headline: what was audited, the score (and why it is capped), the builder, and one bar per category. */
export function summarySection(audit: Audit, { style }: ReportContext): string[] {
  const lines = [style.bold(`Citable audit of ${safe(audit.url)}`)];
  const facts: string[][] = [];
  if (audit.final_url && audit.final_url !== audit.url) facts.push(['Final URL', safe(audit.final_url)]);
  facts.push(['Score', scoreLine(audit, { style })]);
  facts.push(['Builder', safe(audit.builder)]);
  facts.push(['Scanned', `${audit.scanned_at} in ${(audit.duration_ms / 1000).toFixed(1)} s`]);
  const source = auditSourceLine(audit); // why an audit from the extension may differ (docs/audits.md)
  if (source) facts.push(['Source', source]);
  lines.push(...table(facts));
  lines.push('', style.bold('Categories'));
  const nameWidth = Math.max(...audit.category_scores.map((c) => c.name.length));
  for (const c of audit.category_scores) {
    const row = categoryApplies(c)
      ? `${scoreBar(c.score, BAR_WIDTH, style)}  ${scoreColor(style, c.score)(String(c.score).padStart(3))}`
      : `${style.dim('·'.repeat(BAR_WIDTH))}  ${style.dim(NOT_APPLICABLE_LABEL.padStart(3))}`;
    lines.push(`  ${padEnd(c.name, nameWidth)}  ${row}`);
  }
  if (!audit.category_scores.every(categoryApplies)) {
    lines.push(style.dim('  n/a: nothing in the category applied to this page; it is left out of the score.'));
  }
  return lines;
}

function scoreLine(audit: Audit, { style }: Pick<ReportContext, 'style'>): string {
  if (nothingJudged(audit)) return `${style.bold(NOT_APPLICABLE_LABEL)}  ${style.dim('(no category applied to this page)')}`;
  const color = scoreColor(style, audit.score);
  const note = scoreCapNote(audit);
  const capped = note
    ? style.red(`  (${note})`)
    : audit.issues.some((i) => i.severity === 'critical')
      ? style.dim('  (capped at 49 while a critical issue stands)')
      : '';
  return `${style.bold(color(`${audit.score}/100`))}  ${scoreBar(audit.score, BAR_WIDTH, style)}${capped}`;
}
