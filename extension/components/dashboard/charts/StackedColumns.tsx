import { useId } from 'preact/hooks';
import { CHART_PLOT as PLOT, niceMax, yAt } from '../../../lib/dashboard/chart-geometry.js';
import { formatNumber } from '../../../lib/i18n/t.js';

/** A texture over a part's colour, so the parts differ without colour too. */
export type Texture = 'solid' | 'hatch' | 'dots';

export interface Column {
  label: string;
  parts: ReadonlyArray<{ name: string; value: number; className: string; texture?: Texture }>;
  /** false: the label is left off the axis (many columns); the spoken summary keeps it. */
  tick?: boolean;
}

/** The textures' SVG patterns (white lines or dots over the part's colour). */
function Textures({ id }: { id: string }) {
  return (
    <defs>
      <pattern id={`${id}-hatch`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="2" height="6" fill="#fff" fill-opacity="0.7" />
      </pattern>
      <pattern id={`${id}-dots`} width="5" height="5" patternUnits="userSpaceOnUse">
        <circle cx="2.5" cy="2.5" r="1.2" fill="#fff" fill-opacity="0.8" />
      </pattern>
    </defs>
  );
}

/** A rectangle in the part's colour, with its texture over it. */
function Swatch(props: {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  className: string;
  texture?: Texture | undefined;
}) {
  const { id, texture, className, ...box } = props;
  return (
    <>
      <rect {...box} class={className} />
      {texture && texture !== 'solid' && <rect {...box} fill={`url(#${id}-${texture})`} />}
    </>
  );
}

/** Columns split into parts (e.g. citations of owned, competitor and third-party sources per period). */
export function StackedColumns({
  columns,
  label,
  legend,
}: {
  columns: readonly Column[];
  label: string;
  legend: ReadonlyArray<{ name: string; className: string; texture?: Texture }>;
}) {
  const id = `tx${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  if (columns.length === 0) return null;
  const max = niceMax(Math.max(...columns.map((c) => c.parts.reduce((n, p) => n + p.value, 0))));
  const slot = (PLOT.width - PLOT.left - PLOT.right) / columns.length;
  const barW = Math.min(60, slot * 0.6);
  const summary = columns.map((c) => `${c.label}: ${c.parts.map((p) => `${p.name} ${formatNumber(p.value)}`).join(', ')}`).join('; ');
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${PLOT.width} ${PLOT.height}`} width="100%" role="img" aria-label={`${label}. ${summary}`}>
        <Textures id={id} />
        <Grid max={max} />
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
                  <Swatch
                    key={p.name}
                    id={id}
                    x={cx - barW / 2}
                    y={y1}
                    width={barW}
                    height={Math.max(0, y0 - y1)}
                    className={p.className}
                    texture={p.texture}
                  />
                ) : null;
              })}
              {c.tick !== false && (
                <text x={cx} y={PLOT.height - 8} text-anchor="middle" class="axis">
                  {c.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <Legend id={id} legend={legend} />
      </figcaption>
    </figure>
  );
}

/** The parts' names, each beside its colour and texture. */
function Legend({ id, legend }: { id: string; legend: ReadonlyArray<{ name: string; className: string; texture?: Texture }> }) {
  return (
    <ul class="legend">
      {legend.map((l) => (
        <li key={l.name}>
          <svg width="14" height="14" aria-hidden="true">
            <Textures id={`${id}-legend`} />
            <Swatch id={`${id}-legend`} x={0} y={0} width={14} height={14} className={l.className} texture={l.texture} />
          </svg>{' '}
          {l.name}
        </li>
      ))}
    </ul>
  );
}

/** The horizontal lines at 0, the middle (when it is a whole number) and the top, with their values. */
function Grid({ max }: { max: number }) {
  return (
    <>
      {(Number.isInteger(max / 2) ? [0, 0.5, 1] : [0, 1]).map((g) => (
        <g key={g}>
          <line x1={PLOT.left} x2={PLOT.width - PLOT.right} y1={yAt(PLOT, g * max, max)} y2={yAt(PLOT, g * max, max)} class="grid" />
          <text x={PLOT.left - 6} y={yAt(PLOT, g * max, max) + 4} text-anchor="end" class="axis">
            {g * max}
          </text>
        </g>
      ))}
    </>
  );
}
