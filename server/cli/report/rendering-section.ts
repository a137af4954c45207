import type { Audit } from '../../../shared/types/audit.js';
import { RENDERING_GAP_TITLE, renderingEngineLine, renderingGapRows, renderingGapSummary } from '../../../shared/report/rendering-gap.js';
import type { ReportContext } from './context.js';
import { safe, table, wrap } from './text.js';

/** The page before and after JavaScript (`--render`): nothing when the audit did not render it. */
export function renderingSection(audit: Audit, { style, width }: ReportContext): string[] {
  const rendering = audit.rendering;
  if (!rendering) return [];
  const rows = renderingGapRows(rendering).map((r) => [
    r.label,
    String(r.raw),
    String(r.rendered),
    r.missed > 0 ? style.yellow(String(r.missed)) : style.dim('0'),
  ]);
  const title = (t: string | null) => (t === null ? style.dim('(none)') : safe(t).slice(0, 60));
  return [
    style.bold(RENDERING_GAP_TITLE),
    ...wrap(renderingGapSummary(rendering), width, '  '),
    ...table([
      ['', 'Server HTML', 'Rendered', 'Missed'].map(style.dim),
      ...rows,
      ['Title', title(rendering.raw.title), title(rendering.rendered.title), ''],
    ]),
    `  ${style.dim(safe(renderingEngineLine(rendering)))}`,
  ];
}
