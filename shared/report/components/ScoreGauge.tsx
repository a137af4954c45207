import { scoreBand } from '../format.js';
import { useT } from '../i18n-context.js';

export interface ScoreGaugeProps {
  score: number;
  judged?: boolean;
  label?: string;
  /** Joins the accessible name: why the score is capped, or why nothing was judged (the popup says it there). */
  note?: string | null;
}

/** The overall score as a ring: the number is the accessible name, the colour only reinforces it. */
export function ScoreGauge({ score, judged = true, label, note = null }: ScoreGaugeProps) {
  const tr = useT();
  const r = 50;
  const circumference = 2 * Math.PI * r;
  const band = judged ? scoreBand(score) : 'na';
  const shown = label ?? tr.t('gauge.score');
  const na = tr.t('score.notApplicable');
  const name = judged
    ? `${tr.t('gauge.label', { label: shown, score })}${note ? `, ${note}` : ''}`
    : `${shown} ${na}${note ? `: ${note}` : ''}`;
  return (
    <svg class={`gauge gauge-${band}`} viewBox="0 0 128 128" width="128" height="128" role="img" aria-label={name}>
      <circle cx="64" cy="64" r={r} fill="none" stroke="#e3e7ec" stroke-width="12" class="chart-grid" />
      {judged && score > 0 && (
        <circle
          class={`ring-${band}`}
          cx="64"
          cy="64"
          r={r}
          fill="none"
          stroke-width="12"
          stroke-linecap="round"
          stroke-dasharray={`${((circumference * score) / 100).toFixed(2)} ${circumference.toFixed(2)}`}
          transform="rotate(-90 64 64)"
        />
      )}
      <text
        x="64"
        y="60"
        class="gauge-number"
        text-anchor="middle"
        dominant-baseline="central"
        font-size="34"
        font-weight="700"
        fill="#1f2933"
        data-score={judged ? score : undefined}
      >
        {judged ? score : na}
      </text>
      <text x="64" y="88" text-anchor="middle" class="chart-muted">
        {tr.t('gauge.outOf100')}
      </text>
    </svg>
  );
}
