import type { CategoryScore } from '../../types/audit.js';
import { categoryApplies } from '../../score/score-notes.js';
import { scoreBand } from '../format.js';
import { useT } from '../i18n-context.js';
import { categoryInfoIn, categoryNameIn } from '../wording.js';

/** Geometry in SVG units; drawn at 1:1 in its box, so text keeps its size: the report's page, or the popup's width. */
const LAYOUTS = {
  page: { width: 680, row: 34, label: 160, track: 440, bar: 16, barY: 8, textY: 21 },
  // The label column fits the longest name in every language ("Découverte par les IA", "Descubrimiento por IA").
  compact: { width: 376, row: 24, label: 150, track: 186, bar: 10, barY: 7, textY: 16 },
} as const;

/**
 * The six category scores as labelled bars (inline SVG); a category that could not be judged reads "n/a".
 * Each row carries its explanation as a tooltip; `compact` (the popup) lists in words only what n/a means.
 */
export function CategoryChart({ categories, compact = false }: { categories: readonly CategoryScore[]; compact?: boolean }) {
  const tr = useT();
  const na = tr.t('score.notApplicable');
  const naText = tr.t('category.notApplicable');
  const { width, row, label, track, bar, barY, textY } = LAYOUTS[compact ? 'compact' : 'page'];
  const height = categories.length * row;
  const anyNotApplicable = categories.some((c) => !categoryApplies(c));
  const summary = categories.map((c) => `${categoryNameIn(tr, c.name)} ${categoryApplies(c) ? c.score : na}`).join(', ');
  return (
    <figure class={compact ? 'categories compact' : 'categories'}>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={tr.t('category.chartLabel', { summary })}>
        {categories.map((c, i) => {
          const applies = categoryApplies(c);
          const y = i * row;
          return (
            <g key={c.name} data-category={c.name} class={applies ? undefined : 'not-applicable'}>
              <title>{applies ? categoryInfoIn(tr, c.name) || c.name : naText}</title>
              <text x="0" y={y + textY} class="chart-label">
                {categoryNameIn(tr, c.name)}
              </text>
              <rect x={label} y={y + barY} width={track} height={bar} rx={bar / 2} fill="#eef1f4" class="chart-track" />
              {applies && c.score > 0 && (
                <rect
                  class={`band-${scoreBand(c.score)}`}
                  x={label}
                  y={y + barY}
                  width={Math.max(bar, (track * c.score) / 100)}
                  height={bar}
                  rx={bar / 2}
                />
              )}
              <text x={width} y={y + textY} text-anchor="end" class={applies ? 'chart-value' : 'chart-muted'}>
                {applies ? c.score : na}
              </text>
            </g>
          );
        })}
      </svg>
      <ul class="category-notes">
        {!compact &&
          categories.map((c) => (
            <li key={c.name}>
              <strong>{categoryNameIn(tr, c.name)}</strong>: {categoryInfoIn(tr, c.name)}
            </li>
          ))}
        {anyNotApplicable && <li>{naText}</li>}
      </ul>
    </figure>
  );
}
