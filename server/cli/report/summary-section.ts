import type { Audit } from '../../../shared/types/audit.js';
import type { ReportContext } from './context.js';
import { scoreBar } from './bar.js';
import { scoreColor } from './style.js';
import { padEnd, safe, table } from './text.js';

/** Headline: what was audited, the score, the builder, and one bar per category. */
export function summarySection(audit: Audit, { style }: ReportContext): string[] {
  const color = scoreColor(style, audit.score);
  const lines = [style.bold(`Citable audit of ${safe(audit.url)}`)];
  const facts: string[][] = [];
  if (audit.final_url && audit.final_url !== audit.url) facts.push(['Final URL', safe(audit.final_url)]);
  const capped = audit.issues.some((i) => i.severity === 'critical') ? style.dim('  (capped at 49 while a critical issue stands)') : '';
  facts.push(['Score', `${style.bold(color(`${audit.score}/100`))}  ${scoreBar(audit.score, 20, style)}${capped}`]);
  facts.push(['Builder', safe(audit.builder)]);
  facts.push(['Scanned', `${audit.scanned_at} in ${(audit.duration_ms / 1000).toFixed(1)} s`]);
  lines.push(...table(facts));
  lines.push('', style.bold('Categories'));
  const nameWidth = Math.max(...audit.category_scores.map((c) => c.name.length));
  for (const c of audit.category_scores) {
    lines.push(`  ${padEnd(c.name, nameWidth)}  ${scoreBar(c.score, 20, style)}  ${scoreColor(style, c.score)(String(c.score).padStart(3))}`);
  }
  return lines;
}
