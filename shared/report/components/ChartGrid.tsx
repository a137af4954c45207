/** The horizontal grid of a report chart: a line per value (the zero line solid, the others dashed) with its label on the left. */
export function ChartGrid({
  values,
  y,
  x1,
  x2,
  label,
}: {
  values: readonly number[];
  y: (value: number) => number;
  x1: number;
  x2: number;
  label: (value: number) => string | number;
}) {
  return (
    <>
      {values.map((g) => (
        <g key={g}>
          <line x1={x1} x2={x2} y1={y(g)} y2={y(g)} class="chart-grid" stroke="#e3e7ec" stroke-dasharray={g === 0 ? undefined : '4 4'} />
          <text x={x1 - 6} y={y(g) + 4} text-anchor="end" class="chart-muted">
            {label(g)}
          </text>
        </g>
      ))}
    </>
  );
}
