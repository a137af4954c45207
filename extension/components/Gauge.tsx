/** The overall score as a ring gauge; the number is the accessible name, colour only reinforces it. */
export function Gauge({ score }: { score: number }) {
  const r = 42;
  const circumference = 2 * Math.PI * r;
  const band = scoreBand(score);
  return (
    <svg class={`gauge band-${band}`} viewBox="0 0 100 100" width="112" height="112" role="img" aria-label={`Score ${score} out of 100`}>
      <circle class="gauge-track" cx="50" cy="50" r={r} />
      <circle
        class="gauge-value"
        cx="50"
        cy="50"
        r={r}
        stroke-dasharray={`${(circumference * score) / 100} ${circumference}`}
        transform="rotate(-90 50 50)"
      />
      <text x="50" y="50" class="gauge-number" text-anchor="middle" dominant-baseline="central">
        {score}
      </text>
    </svg>
  );
}

export function scoreBand(score: number): 'good' | 'fair' | 'poor' {
  return score >= 80 ? 'good' : score >= 50 ? 'fair' : 'poor';
}
