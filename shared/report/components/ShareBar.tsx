/** A small horizontal bar for a share (0–1) or a score (0–100), as inline SVG. */
export function ShareBar({ value, max, band }: { value: number; max: number; band: string }) {
  const width = 90;
  const filled = max > 0 ? Math.max(0, Math.min(1, value / max)) * width : 0;
  return (
    <svg viewBox={`0 0 ${width} 10`} width={width} height="10" aria-hidden="true" class="share-bar">
      <rect x="0" y="0" width={width} height="10" rx="5" fill="#eef1f4" class="chart-track" />
      {filled > 0 && <rect class={`band-${band}`} x="0" y="0" width={Math.max(10, filled)} height="10" rx="5" />}
    </svg>
  );
}
