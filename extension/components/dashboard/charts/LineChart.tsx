import { CHART_PLOT as PLOT, labelIndexes, segments, xAt, yAt } from '../../../lib/dashboard/chart-geometry.js';
import { axisLabelAnchor } from '../../../../shared/report/axis-anchor.js';
import { percent, shortDay } from '../format.js';
import { t } from '../../../lib/i18n/t.js';

export interface LineSeries {
  name: string;
  /** A CSS class giving the line its colour (and a dash pattern, so colour is not the only difference). */
  className: string;
  /** One per day; null where there is nothing to measure (no runs that day). */
  values: ReadonlyArray<number | null>;
}

/** Ratios (0–1) per day as lines, with a legend and a text summary for screen readers. */
export function LineChart({ days, series, label }: { days: readonly string[]; series: readonly LineSeries[]; label: string }) {
  if (days.length === 0) return null;
  const labels = new Set(labelIndexes(days.length, 8));
  const summary = series.map((s) => describe(s, days)).join('; ');
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
          labels.has(i) ? (
            <text key={d} x={xAt(PLOT, i, days.length)} y={PLOT.height - 8} text-anchor={axisLabelAnchor(i, days.length)} class="axis">
              {shortDay(d)}
            </text>
          ) : null,
        )}
        {series.map((s) => (
          <g key={s.name} data-series={s.name}>
            {segments(PLOT, s.values, 1).map((seg) => (
              <g key={seg.at[0]}>
                {seg.at.length > 1 && <polyline points={seg.points} class={`line ${s.className}`} fill="none" />}
                {seg.at.map((i) => (
                  <circle key={i} cx={xAt(PLOT, i, days.length)} cy={yAt(PLOT, s.values[i]!, 1)} r="3.5" class={`dot ${s.className}`} />
                ))}
              </g>
            ))}
          </g>
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

/** "Visibility 40% on 2026-05-01 … 55% on 2026-05-30" over the days that have a value. */
function describe(s: LineSeries, days: readonly string[]): string {
  const known = s.values.map((v, i) => [v, days[i]] as const).filter(([v]) => v !== null);
  if (known.length === 0) return t('chartSeriesNoData', s.name);
  const [first, last] = [known[0]!, known[known.length - 1]!];
  return known.length === 1
    ? t('chartSeriesOneDay', s.name, percent(first[0]!), first[1]!)
    : t('chartSeriesTwoDays', s.name, percent(first[0]!), first[1]!, percent(last[0]!), last[1]!);
}
