import type { Audit } from '../../../shared/types/audit.js';
import { renderingEngineLine, renderingGapRows, renderingGapSummary } from '../../../shared/report/rendering-gap.js';
import type { ReportContext } from './context.js';
import { safe, table, wrap } from './text.js';

/** The page before and after JavaScript (`--render`): nothing when the audit did not render it. */
export function renderingSection(audit: Audit, { style, width, tr }: ReportContext): string[] {
  const rendering = audit.rendering;
  if (!rendering) return [];
  const rows = renderingGapRows(rendering, tr).map((r) => [
    r.label,
    String(r.raw),
    String(r.rendered),
    r.missed > 0 ? style.yellow(String(r.missed)) : style.dim('0'),
  ]);
  const title = (t: string | null) => (t === null ? style.dim(tr.t('rendering.none')) : safe(t).slice(0, 60));
  return [
    style.bold(tr.t('section.rendering')),
    ...wrap(renderingGapSummary(rendering, tr), width, '  '),
    ...table([
      ['', tr.t('rendering.serverHtml'), tr.t('rendering.rendered'), tr.t('cli.missed')].map(style.dim),
      ...rows,
      [tr.t('rendering.title'), title(rendering.raw.title), title(rendering.rendered.title), ''],
    ]),
    `  ${style.dim(safe(renderingEngineLine(rendering, tr)))}`,
  ];
}
