export interface Bar {
  label: string;
  value: number;
  /** What the bar shows as text (a percentage, a count). */
  text: string;
  className?: string;
  /** What the colour stands for, in words (the kind of source): colour is never the only sign. */
  kind?: string;
}

/** Horizontal bars with their labels and values written out (readable without the colours, and at 200 % zoom). */
export function BarChart({ bars, max, label }: { bars: readonly Bar[]; max: number; label: string }) {
  if (bars.length === 0) return null;
  return (
    <ul class="hbars" aria-label={label}>
      {bars.map((b) => (
        <li key={b.label}>
          <span class="hbar-label">
            {b.label}
            {b.kind && <span class="hbar-kind muted small"> {b.kind}</span>}
          </span>
          <span class="hbar-track" aria-hidden="true">
            <span class={`hbar-fill ${b.className ?? ''}`} style={{ width: `${max > 0 ? Math.min(100, (b.value / max) * 100) : 0}%` }} />
          </span>
          <span class="hbar-value">{b.text}</span>
        </li>
      ))}
    </ul>
  );
}
