import { axisLabelAnchor } from '../axis-anchor.js';
import { ChartGrid } from './ChartGrid.js';
import { useT } from '../i18n-context.js';
import type { Translator } from '../../i18n/translator.js';
import type { ScorePoint } from '../types.js';
import { HistoryLegend, HistoryLines } from './HistoryLines.js';

const WIDTH = 680;
const HEIGHT = 200;
const LEFT = 34;
const RIGHT = 16;
const TOP = 18;
const BOTTOM = 30;
const INSET = 18;
/** Most points drawn; older ones are left out. */
export const HISTORY_POINTS = 24;

/** The score over time as a line (inline SVG), oldest left. Needs at least two points. */
export function HistoryChart({ points, subject }: { points: readonly ScorePoint[]; subject: string }) {
  const tr = useT();
  const sorted = [...points].sort((a, b) => Date.parse(a.scanned_at) - Date.parse(b.scanned_at)).slice(-HISTORY_POINTS);
  if (sorted.length < 2) return null;
  const plotW = WIDTH - LEFT - RIGHT;
  const plotH = HEIGHT - TOP - BOTTOM;
  // Points stay clear of the axis labels on the left and the edge on the right.
  const x = (i: number) => LEFT + INSET + ((plotW - 2 * INSET) * i) / (sorted.length - 1);
  const y = (score: number) => TOP + plotH * (1 - score / 100);
  const labelEvery = Math.ceil(sorted.length / 8);
  // Audits on the same day would all read "28 Nov": then every label carries its time.
  const days = sorted.map((p) => p.scanned_at.slice(0, 10));
  const label = new Set(days).size < days.length ? tr.shortDateTime : tr.shortDate;
  const description = describe(tr, subject, sorted);
  return (
    <figure class="history">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={tr.t('history.chartLabel', { description })}>
        <ChartGrid values={[0, 50, 80, 100]} y={y} x1={LEFT} x2={WIDTH - RIGHT} label={(g) => g} />
        <HistoryLines points={sorted} x={x} y={y} />
        {sorted.map((p, i) => (
          <g key={`${p.scanned_at}-${i}`} data-history-score={p.score}>
            <circle class="accent-line chart-dot-ring" cx={x(i)} cy={y(p.score)} r="4" fill="#fff" stroke-width="2.5" />
            <text x={x(i)} y={y(p.score) - 9} text-anchor="middle" class="chart-value">
              {p.score}
            </text>
            {(i % labelEvery === 0 || i === sorted.length - 1) && (
              <text x={x(i)} y={HEIGHT - 8} text-anchor={axisLabelAnchor(i, sorted.length)} class="chart-muted">
                {label(p.scanned_at)}
              </text>
            )}
          </g>
        ))}
      </svg>
      <HistoryLegend points={sorted} />
      <figcaption>{description}</figcaption>
    </figure>
  );
}

/** "This page scored 30 on 1 November 2026 and 41 on 21 November 2026 (3 audits)." in the report's language. */
function describe(tr: Translator, subject: string, sorted: readonly ScorePoint[]): string {
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const [firstDate, lastDate] = [tr.date(first.scanned_at), tr.date(last.scanned_at)];
  return tr.t('history.description', { subject, first: first.score, firstDate, last: last.score, lastDate, count: sorted.length });
}
