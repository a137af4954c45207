import type { Audit } from '../../../shared/types/audit.js';
import { ruleErrorsOf } from '../../../shared/score/score-notes.js';
import type { ReportContext } from './context.js';
import { safe, wrap } from './text.js';

/** Rules that threw instead of judging (docs/api-decisions.md#what-audits-could-not-judge): named, never hidden; nothing when all ran. */
export function ruleErrorsSection(audit: Audit, { style, width, tr }: ReportContext): string[] {
  const errors = ruleErrorsOf(audit);
  if (errors.length === 0) return [];
  const note = tr.t('ruleErrors.note', { count: errors.length }).replace(/\.$/, '');
  const lines = [`${style.bold(tr.t('section.ruleErrors'))} ${style.dim(`(${note})`)}`];
  for (const e of errors) {
    lines.push(`  ${style.red('!')} ${style.bold(safe(e.rule))}`);
    lines.push(...wrap(safe(e.message), width, '      '));
  }
  return lines;
}
