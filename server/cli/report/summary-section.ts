import type { Audit } from '../../../shared/types/audit.js';
import { categoryApplies, nothingJudged } from '../../../shared/score/score-notes.js';
import { categoriesMean } from '../../../shared/score/score.js';
import type { ReportContext } from './context.js';
import { scoreBar } from './bar.js';
import { auditSourceLine } from '../../../shared/audit/audit-inputs.js';
import { scoreColor } from './style.js';
import { padEnd, safe, table } from './text.js';
import { UNKNOWN_BUILDER } from '../../../shared/builder/unknown.js';
import type { Translator } from '../../../shared/i18n/translator.js';
import type { MessageKey } from '../../../shared/i18n/catalogue.js';

const BAR_WIDTH = 20;

/** Headline: what was audited, the score (and why it is capped), the builder, and one bar per category. */
export function summarySection(audit: Audit, { style, tr }: ReportContext): string[] {
  const lines = [style.bold(tr.t('cli.auditOf', { url: safe(audit.url) }))];
  const facts: string[][] = [];
  if (audit.final_url && audit.final_url !== audit.url) facts.push([tr.t('cli.finalUrl'), safe(audit.final_url)]);
  facts.push([tr.t('cli.score'), scoreLine(audit, { style, tr })]);
  facts.push([tr.t('cli.builder'), audit.builder === UNKNOWN_BUILDER ? tr.t('cli.builderUnknown') : safe(audit.builder)]);
  facts.push([tr.t('cli.scanned'), tr.t('cli.scannedIn', { date: audit.scanned_at, seconds: seconds(tr, audit.duration_ms) })]);
  const source = auditSourceLine(audit, tr); // why an audit from the extension may differ (docs/audits.md)
  if (source) facts.push([tr.t('cli.source'), source]);
  lines.push(...table(facts));
  lines.push('', style.bold(tr.t('cli.categories')));
  const name = (c: { name: string }) => categoryName(tr, c.name);
  const nameWidth = Math.max(...audit.category_scores.map((c) => name(c).length));
  const notApplicable = tr.t('score.notApplicable');
  for (const c of audit.category_scores) {
    const row = categoryApplies(c)
      ? `${scoreBar(c.score, BAR_WIDTH, style)}  ${scoreColor(style, c.score)(String(c.score).padStart(3))}`
      : `${style.dim('·'.repeat(BAR_WIDTH))}  ${style.dim(notApplicable.padStart(3))}`;
    lines.push(`  ${padEnd(name(c), nameWidth)}  ${row}`);
  }
  if (!audit.category_scores.every(categoryApplies)) lines.push(style.dim(`  ${tr.t('cli.notApplicableNote')}`));
  return lines;
}

/** A category's name in the report's language (the audit stores the English one). */
export function categoryName(tr: Translator, name: string): string {
  const key = `category.${name}`;
  return tr.has(key) ? tr.t(key as MessageKey) : name;
}

/** 1234 ms as "1.2" (English) or "1,2" (German). */
export function seconds(tr: Translator, ms: number): string {
  return new Intl.NumberFormat(tr.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000);
}

function scoreLine(audit: Audit, { style, tr }: Pick<ReportContext, 'style' | 'tr'>): string {
  if (nothingJudged(audit)) return `${style.bold(tr.t('score.notApplicable'))}  ${style.dim(tr.t('cli.noCategoryApplied'))}`;
  const color = scoreColor(style, audit.score);
  const note = capNote(audit, tr);
  const capped = note
    ? style.red(`  (${note})`)
    : audit.issues.some((i) => i.severity === 'critical')
      ? style.dim(`  ${tr.t('cli.cappedCritical')}`)
      : '';
  return `${style.bold(color(`${audit.score}/100`))}  ${scoreBar(audit.score, BAR_WIDTH, style)}${capped}`;
}

/** "capped at 49: 2 critical issues (the categories average 71)", or null when the cap did not lower the score. */
function capNote(audit: Audit, tr: Translator): string | null {
  const cap = audit.score_cap;
  if (!cap) return null;
  const critical = /^(\d+) critical issues?$/.exec(cap.reason);
  const reason = critical ? tr.t('cap.criticalIssues', { count: Number(critical[1]) }) : cap.reason;
  return tr.t('cli.cappedAt', { max: cap.max, reason, mean: categoriesMean(audit.category_scores) });
}
