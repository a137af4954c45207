import type { CategoryScore } from '../../types/audit.js';
import { categoryApplies, NOT_APPLICABLE_LABEL } from '../../score/score-notes.js';
import { scoreBand } from '../format.js';
import { CATEGORY_EXPLANATIONS, NOT_APPLICABLE_EXPLANATION } from '../wording.js';

const WIDTH = 680;
const ROW = 34;
const LABEL = 160;
const TRACK = 440;

/** The six category scores as labelled bars (inline SVG); a category that could not be judged reads "n/a". */
export function CategoryChart({ categories }: { categories: readonly CategoryScore[] }) {
  const height = categories.length * ROW;
  const anyNotApplicable = categories.some((c) => !categoryApplies(c));
  const summary = categories.map((c) => `${c.name} ${categoryApplies(c) ? c.score : NOT_APPLICABLE_LABEL}`).join(', ');
  return (
    <figure class="categories">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-label={`Category scores: ${summary}`}>
        {categories.map((c, i) => {
          const applies = categoryApplies(c);
          const y = i * ROW;
          return (
            <g key={c.name} data-category={c.name}>
              <text x="0" y={y + 21} class="chart-label">
                {c.name}
              </text>
              <rect x={LABEL} y={y + 8} width={TRACK} height="16" rx="8" fill="#eef1f4" />
              {applies && c.score > 0 && <rect class={`band-${scoreBand(c.score)}`} x={LABEL} y={y + 8} width={Math.max(16, (TRACK * c.score) / 100)} height="16" rx="8" />}
              <text x={WIDTH} y={y + 21} text-anchor="end" class={applies ? 'chart-value' : 'chart-muted'}>
                {applies ? c.score : NOT_APPLICABLE_LABEL}
              </text>
            </g>
          );
        })}
      </svg>
      <ul class="category-notes">
        {categories.map((c) => (
          <li key={c.name}>
            <strong>{c.name}</strong>: {CATEGORY_EXPLANATIONS[c.name] ?? ''}
          </li>
        ))}
        {anyNotApplicable && <li>{NOT_APPLICABLE_EXPLANATION}</li>}
      </ul>
    </figure>
  );
}
