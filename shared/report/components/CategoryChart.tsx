import type { CategoryScore } from '../../types/audit.js';
import { categoryApplies, NOT_APPLICABLE_LABEL } from '../../score/score-notes.js';
import { scoreBand } from '../format.js';
import { CATEGORY_EXPLANATIONS, NOT_APPLICABLE_EXPLANATION } from '../wording.js';

/** Geometry in SVG units; drawn at 1:1 in its box, so text keeps its size: the report's page, or the popup's width. */
const LAYOUTS = {
  page: { width: 680, row: 34, label: 160, track: 440, bar: 16, barY: 8, textY: 21 },
  compact: { width: 376, row: 24, label: 124, track: 212, bar: 10, barY: 7, textY: 16 },
} as const;

/**
 * The six category scores as labelled bars (inline SVG); a category that could not be judged reads "n/a".
 * Each row carries its explanation as a tooltip; `compact` (the popup) lists in words only what n/a means.
 */
export function CategoryChart({ categories, compact = false }: { categories: readonly CategoryScore[]; compact?: boolean }) {
  const { width, row, label, track, bar, barY, textY } = LAYOUTS[compact ? 'compact' : 'page'];
  const height = categories.length * row;
  const anyNotApplicable = categories.some((c) => !categoryApplies(c));
  const summary = categories.map((c) => `${c.name} ${categoryApplies(c) ? c.score : NOT_APPLICABLE_LABEL}`).join(', ');
  return (
    <figure class={compact ? 'categories compact' : 'categories'}>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={`Category scores: ${summary}`}>
        {categories.map((c, i) => {
          const applies = categoryApplies(c);
          const y = i * row;
          return (
            <g key={c.name} data-category={c.name} class={applies ? undefined : 'not-applicable'}>
              <title>{applies ? (CATEGORY_EXPLANATIONS[c.name] ?? c.name) : NOT_APPLICABLE_EXPLANATION}</title>
              <text x="0" y={y + textY} class="chart-label">
                {c.name}
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
                {applies ? c.score : NOT_APPLICABLE_LABEL}
              </text>
            </g>
          );
        })}
      </svg>
      <ul class="category-notes">
        {!compact &&
          categories.map((c) => (
            <li key={c.name}>
              <strong>{c.name}</strong>: {CATEGORY_EXPLANATIONS[c.name] ?? ''}
            </li>
          ))}
        {anyNotApplicable && <li>{NOT_APPLICABLE_EXPLANATION}</li>}
      </ul>
    </figure>
  );
}
