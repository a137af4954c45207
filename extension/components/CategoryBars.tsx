import type { CategoryScore } from '../../shared/types/audit.js';
import { scoreBand } from './Gauge.js';

/** The six category scores, in contract order, as labelled bars. */
export function CategoryBars({ categories }: { categories: CategoryScore[] }) {
  return (
    <ul class="bars" aria-label="Category scores">
      {categories.map((c) => (
        <li key={c.name}>
          <span class="bar-name">{c.name}</span>
          <span class="bar-track" aria-hidden="true">
            <span class={`bar-fill band-${scoreBand(c.score)}`} style={{ width: `${c.score}%` }} />
          </span>
          <span class="bar-score">{c.score}</span>
        </li>
      ))}
    </ul>
  );
}
