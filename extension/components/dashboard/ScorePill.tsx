import { scoreBand } from './format.js';

/** A score with its colour band (80+ good, 50+ fair, else poor), the same bands as the report. */
export function ScorePill({ score }: { score: number | null | undefined }) {
  if (score === null || score === undefined) return <span class="score-pill band-na">—</span>;
  return <span class={`score-pill band-${scoreBand(score)}`}>{score}</span>;
}
