/**
 * The lines of the score history, one series per place the page was scored: the browser extension and the server
 * can see different things (docs/audits.md#why-the-extension-and-the-server-can-differ), so a browser audit after
 * a server one is not drawn as a rise or a drop of one line. Each series is its own line (the browser's dashed),
 * with a legend under the chart when both are there.
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

const DASH = '6 4';
const LEGEND = { server: 'history.legendServer', browser: 'history.legendBrowser' } as const;

export function HistoryLines(props: { points: readonly ScorePoint[]; x: (i: number) => number; y: (score: number) => number }) {
  const { points, x, y } = props;
  return (
    <>
      {historySeries(points).map(({ source, indexes }) => (
        <polyline
          key={source}
          data-history-source={source}
          points={indexes.map((i) => `${x(i).toFixed(1)},${y(points[i]!.score).toFixed(1)}`).join(' ')}
          class="accent-line"
          fill="none"
          stroke-width="2.5"
          stroke-linejoin="round"
          stroke-dasharray={source === 'browser' ? DASH : undefined}
        />
      ))}
    </>
  );
}

/** Which line is which, under the chart: only when both series are there. */
export function HistoryLegend({ points }: { points: readonly ScorePoint[] }) {
  const { t } = useT();
  const series = historySeries(points);
  if (series.length < 2) return null;
  return (
    <p class="muted small history-legend" data-history-legend>
      {series.map(({ source }) => (
        <span key={source} style="margin-right: 16px; white-space: nowrap">
          <svg width="28" height="8" viewBox="0 0 28 8" aria-hidden="true" style="margin-right: 6px">
            <line
              x1="0"
              x2="28"
              y1="4"
              y2="4"
              class="accent-line"
              stroke-width="2.5"
              stroke-dasharray={source === 'browser' ? DASH : undefined}
            />
          </svg>
          {t(LEGEND[source])}
        </span>
      ))}
    </p>
  );
}
