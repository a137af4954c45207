import type { Audit } from '../../../shared/types/audit.js';
import { ruleErrorsNote, ruleErrorsOf } from '../../../shared/score/score-notes.js';
import type { ReportContext } from './context.js';
import { safe, wrap } from './text.js';

/** Rules that threw instead of judging (docs/api-decisions.md#what-audits-could-not-judge): named, never hidden; nothing when all ran. */
export function ruleErrorsSection(audit: Audit, { style, width }: ReportContext): string[] {
  const errors = ruleErrorsOf(audit);
  if (errors.length === 0) return [];
  const lines = [`${style.bold('Checks that could not run')} ${style.dim(`(${ruleErrorsNote(errors)})`)}`];
  for (const e of errors) {
    lines.push(`  ${style.red('!')} ${style.bold(safe(e.rule))}`);
    lines.push(...wrap(safe(e.message), width, '      '));
  }
  return lines;
}
