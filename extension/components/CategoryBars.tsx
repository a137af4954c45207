import type { CategoryScore } from '../../shared/types/audit.js';
import { categoryApplies, NOT_APPLICABLE_LABEL } from '../../shared/score/score-notes.js';
import { scoreBand } from './Gauge.js';

const NOT_JUDGED = 'Nothing in this category applied to this page; it is left out of the score.';

/** The six category scores, in contract order, as labelled bars; a category that could not be judged reads "n/a". */
export function CategoryBars({ categories }: { categories: CategoryScore[] }) {
  return (
    <ul class="bars" aria-label="Category scores">
      {categories.map((c) => {
        const applies = categoryApplies(c);
        return (
          <li key={c.name} class={applies ? undefined : 'not-applicable'} title={applies ? undefined : NOT_JUDGED}>
            <span class="bar-name">{c.name}</span>
            <span class="bar-track" aria-hidden="true">
              {applies && <span class={`bar-fill band-${scoreBand(c.score)}`} style={{ width: `${c.score}%` }} />}
            </span>
            <span class="bar-score">{applies ? c.score : NOT_APPLICABLE_LABEL}</span>
          </li>
        );
      })}
    </ul>
  );
}
