import { CHART_PLOT as PLOT, niceMax, yAt } from '../../../lib/dashboard/chart-geometry.js';

export interface Column {
  label: string;
  parts: ReadonlyArray<{ name: string; value: number; className: string }>;
}

/** Columns split into parts (e.g. citations of owned, competitor and third-party sources per period). */
export function StackedColumns({
  columns,
  label,
  legend,
}: {
  columns: readonly Column[];
  label: string;
  legend: ReadonlyArray<{ name: string; className: string }>;
}) {
  if (columns.length === 0) return null;
  const max = niceMax(Math.max(...columns.map((c) => c.parts.reduce((n, p) => n + p.value, 0))));
  const slot = (PLOT.width - PLOT.left - PLOT.right) / columns.length;
  const barW = Math.min(60, slot * 0.6);
  const summary = columns.map((c) => `${c.label}: ${c.parts.map((p) => `${p.name} ${p.value}`).join(', ')}`).join('; ');
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${PLOT.width} ${PLOT.height}`} width="100%" role="img" aria-label={`${label}. ${summary}`}>
        {(Number.isInteger(max / 2) ? [0, 0.5, 1] : [0, 1]).map((g) => (
          <g key={g}>
            <line x1={PLOT.left} x2={PLOT.width - PLOT.right} y1={yAt(PLOT, g * max, max)} y2={yAt(PLOT, g * max, max)} class="grid" />
            <text x={PLOT.left - 6} y={yAt(PLOT, g * max, max) + 4} text-anchor="end" class="axis">
              {g * max}
            </text>
          </g>
        ))}
        {columns.map((c, i) => {
          const cx = PLOT.left + slot * i + slot / 2;
          let base = 0;
          return (
            <g key={c.label} data-column={c.label}>
              {c.parts.map((p) => {
                const y1 = yAt(PLOT, base + p.value, max);
                const y0 = yAt(PLOT, base, max);
                base += p.value;
                return p.value > 0 ? (
                  <rect key={p.name} x={cx - barW / 2} y={y1} width={barW} height={Math.max(0, y0 - y1)} class={p.className} />
                ) : null;
              })}
              <text x={cx} y={PLOT.height - 8} text-anchor="middle" class="axis">
                {c.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul class="legend">
          {legend.map((l) => (
            <li key={l.name}>
              <svg width="12" height="12" aria-hidden="true">
                <rect width="12" height="12" class={l.className} />
              </svg>{' '}
              {l.name}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
