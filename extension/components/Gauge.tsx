import { NOT_APPLICABLE_LABEL } from '../../shared/score/score-notes.js';

/**
 * The overall score as a ring gauge; the number is the accessible name, colour only reinforces it.
 * `capNote` says why the score is capped (contract section 9) and joins the accessible name; a page where
 * nothing could be judged shows "n/a", never a number.
 */
export function Gauge({ score, capNote = null, notJudged = false }: { score: number; capNote?: string | null; notJudged?: boolean }) {
  const r = 42;
  const circumference = 2 * Math.PI * r;
  const band = notJudged ? 'na' : scoreBand(score);
  const label = notJudged ? `Score ${NOT_APPLICABLE_LABEL}: no category applied to this page` : `Score ${score} out of 100${capNote ? `, ${capNote}` : ''}`;
  return (
    <svg class={`gauge band-${band}`} viewBox="0 0 100 100" width="112" height="112" role="img" aria-label={label}>
      <circle class="gauge-track" cx="50" cy="50" r={r} />
      {!notJudged && (
        <circle
          class="gauge-value"
          cx="50"
          cy="50"
          r={r}
          stroke-dasharray={`${(circumference * score) / 100} ${circumference}`}
          transform="rotate(-90 50 50)"
        />
      )}
      <text x="50" y="50" class="gauge-number" text-anchor="middle" dominant-baseline="central">
        {notJudged ? NOT_APPLICABLE_LABEL : score}
      </text>
    </svg>
  );
}

export function scoreBand(score: number): 'good' | 'fair' | 'poor' {
  return score >= 80 ? 'good' : score >= 50 ? 'fair' : 'poor';
}
