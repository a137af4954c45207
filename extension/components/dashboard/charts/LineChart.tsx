import { labelEvery, polyline, xAt, yAt, type Plot } from '../../../lib/dashboard/chart-geometry.js';
import { percent, shortDate } from '../format.js';

export interface LineSeries {
  name: string;
  /** A CSS class giving the line its colour (and a dash pattern, so colour is not the only difference). */
  className: string;
  values: readonly number[];
}

const PLOT: Plot = { width: 720, height: 220, left: 44, right: 16, top: 14, bottom: 30 };

/** Ratios (0–1) per day as lines, with a legend and a text summary for screen readers. */
export function LineChart({ days, series, label }: { days: readonly string[]; series: readonly LineSeries[]; label: string }) {
  if (days.length === 0) return null;
  const every = labelEvery(days.length, 8);
  const summary = series.map((s) => `${s.name} ${percent(s.values[0] ?? 0)} on ${days[0]} and ${percent(s.values[s.values.length - 1] ?? 0)} on ${days[days.length - 1]}`).join('; ');
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${PLOT.width} ${PLOT.height}`} width="100%" role="img" aria-label={`${label}: ${summary}`}>
        {[0, 0.25, 0.5, 0.75, 1].map((g) => (
          <g key={g}>
            <line x1={PLOT.left} x2={PLOT.width - PLOT.right} y1={yAt(PLOT, g, 1)} y2={yAt(PLOT, g, 1)} class="grid" />
            <text x={PLOT.left - 6} y={yAt(PLOT, g, 1) + 4} text-anchor="end" class="axis">
              {percent(g)}
            </text>
          </g>
        ))}
        {days.map((d, i) =>
          i % every === 0 || i === days.length - 1 ? (
            <text key={d} x={xAt(PLOT, i, days.length)} y={PLOT.height - 8} text-anchor="middle" class="axis">
              {shortDate(`${d}T00:00:00Z`)}
            </text>
          ) : null,
        )}
        {series.map((s) => (
          <polyline key={s.name} points={polyline(PLOT, s.values, 1)} class={`line ${s.className}`} fill="none" data-series={s.name} />
        ))}
      </svg>
      <figcaption>
        <ul class="legend">
          {series.map((s) => (
            <li key={s.name}>
              <svg width="22" height="10" aria-hidden="true">
                <line x1="0" x2="22" y1="5" y2="5" class={`line ${s.className}`} />
              </svg>{' '}
              {s.name}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
