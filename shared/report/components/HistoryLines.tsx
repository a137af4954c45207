/**
 * The lines of the score history, one series per place the page was scored: the browser extension and the server
 * can see different things (docs/audits.md#why-the-extension-and-the-server-can-differ), so a browser audit after
 * a server one is not drawn as a rise or a drop of one line. Each series is its own line (the browser's dashed),
 * with a legend when both are there.
 */
import type { ScorePoint } from '../types.js';
import { useT } from '../i18n-context.js';

export type HistorySource = 'server' | 'browser';

/** The series a point belongs to: audits from the extension apart, everything the server fetched (API, CLI, crawls) together. */
export function historySource(point: Pick<ScorePoint, 'origin'>): HistorySource {
  return point.origin === 'extension' ? 'browser' : 'server';
}

/** The indexes (into `points`, oldest first) of each series, in the order they first appear. */
export function historySeries(points: readonly ScorePoint[]): Array<{ source: HistorySource; indexes: number[] }> {
  const series = new Map<HistorySource, number[]>();
  points.forEach((p, i) => {
    const source = historySource(p);
    series.set(source, [...(series.get(source) ?? []), i]);
  });
  return [...series].map(([source, indexes]) => ({ source, indexes }));
}

const LEGEND = { server: 'history.legendServer', browser: 'history.legendBrowser' } as const;

export function HistoryLines(props: {
  points: readonly ScorePoint[];
  x: (i: number) => number;
  y: (score: number) => number;
  /** Where the legend's right edge and baseline go. */
  legendAt: { x: number; y: number };
}) {
  const { points, x, y, legendAt } = props;
  const series = historySeries(points);
  const { t } = useT();
  return (
    <>
      {series.map(({ source, indexes }) => (
        <polyline
          key={source}
          data-history-source={source}
          points={indexes.map((i) => `${x(i).toFixed(1)},${y(points[i]!.score).toFixed(1)}`).join(' ')}
          class="accent-line"
          fill="none"
          stroke-width="2.5"
          stroke-linejoin="round"
          stroke-dasharray={source === 'browser' ? '6 4' : undefined}
        />
      ))}
      {series.length > 1 && (
        <text x={legendAt.x} y={legendAt.y} text-anchor="end" class="chart-muted" data-history-legend>
          {series.map((s) => `${s.source === 'browser' ? '- - ' : '— '}${t(LEGEND[s.source])}`).join('   ')}
        </text>
      )}
    </>
  );
}
