import { axisLabelAnchor } from '../axis-anchor.js';
import { ChartGrid } from './ChartGrid.js';
import { useT } from '../i18n-context.js';
import type { Translator } from '../../i18n/translator.js';
import { TRAFFIC_PURPOSES, type TrafficPurpose } from '../../logs/types.js';
import type { TrafficDay } from '../traffic-figures.js';

const WIDTH = 680;
const HEIGHT = 180;
const LEFT = 44;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 26;

/**
 * One colour per purpose, told apart with colour vision deficiencies (the Okabe-Ito palette); the legend names
 * each with its count, so the chart reads in black and white too.
 */
export const PURPOSE_COLOURS: Record<TrafficPurpose, string> = {
  training: '#0072b2',
  search: '#e69f00',
  user: '#009e73',
  archive: '#8a94a3',
  coding_agent: '#cc79a7',
  agentic_browser: '#56b4e9',
};

export function purposeName(tr: Translator, purpose: string): string {
  const key = `purpose.${purpose}`;
  return tr.has(key) ? tr.t(key as Parameters<Translator['t']>[0]) : purpose;
}

/** A round top for the axis: 2, 5 or 10 times a power of ten, at least `max`; the middle line only when it is a whole request. */
function niceCeiling(max: number): number {
  if (max <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= max) ?? 10 * power;
}

/** AI crawler requests per day, stacked by purpose (inline SVG), oldest left, with its legend and its text alternative. */
export function TrafficChart({ days }: { days: readonly TrafficDay[] }) {
  const tr = useT();
  if (days.length === 0) return null;
  const top = niceCeiling(Math.max(...days.map((d) => d.total)));
  const plotW = WIDTH - LEFT - RIGHT;
  const plotH = HEIGHT - TOP - BOTTOM;
  const slot = plotW / days.length;
  const barW = Math.max(1, slot * 0.72);
  const y = (n: number) => TOP + plotH * (1 - n / top);
  const labelEvery = Math.ceil(days.length / 6);
  const description = describeDays(tr, days);
  return (
    <figure class="traffic-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={description}>
        <ChartGrid values={[0, top / 2, top].filter(Number.isInteger)} y={y} x1={LEFT} x2={WIDTH - RIGHT} label={(g) => tr.number(g)} />
        {days.map((d, i) => (
          <g key={d.date} data-traffic-day={d.date} data-hits={d.total}>
            <DayBar day={d} x={LEFT + slot * i + (slot - barW) / 2} width={barW} y={y} />
            {(i % labelEvery === 0 || i === days.length - 1) && (
              <text x={LEFT + slot * i + slot / 2} y={HEIGHT - 8} text-anchor={axisLabelAnchor(i, days.length)} class="chart-muted">
                {tr.shortDate(`${d.date}T00:00:00Z`)}
              </text>
            )}
          </g>
        ))}
      </svg>
      <PurposeLegend days={days} />
      <figcaption>{description}</figcaption>
    </figure>
  );
}

function DayBar({ day, x, width, y }: { day: TrafficDay; x: number; width: number; y: (n: number) => number }) {
  let below = 0;
  return (
    <>
      {TRAFFIC_PURPOSES.filter((p) => day.hits[p] > 0).map((p) => {
        const from = below;
        below += day.hits[p];
        return (
          <rect
            key={p}
            x={x.toFixed(1)}
            width={width.toFixed(1)}
            y={y(below).toFixed(1)}
            height={(y(from) - y(below)).toFixed(1)}
            fill={PURPOSE_COLOURS[p]}
          />
        );
      })}
    </>
  );
}

/** The purposes seen, each with its colour and its requests in the window. */
function PurposeLegend({ days }: { days: readonly TrafficDay[] }) {
  const tr = useT();
  const totals = TRAFFIC_PURPOSES.map((p) => ({ p, hits: days.reduce((s, d) => s + d.hits[p], 0) })).filter((x) => x.hits > 0);
  return (
    <p class="muted small traffic-legend">
      {totals.map(({ p, hits }) => (
        <span key={p} data-purpose={p} style="margin-right: 16px; white-space: nowrap">
          <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" style="margin-right: 5px">
            <rect width="10" height="10" rx="2" fill={PURPOSE_COLOURS[p]} />
          </svg>
          {purposeName(tr, p)} {tr.number(hits)}
        </span>
      ))}
    </p>
  );
}

/** The chart in words: the window, the requests in all, the busiest day and the requests by purpose. */
export function describeDays(tr: Translator, days: readonly TrafficDay[]): string {
  const busiest = days.reduce((a, b) => (b.total > a.total ? b : a), days[0]!);
  const total = days.reduce((s, d) => s + d.total, 0);
  const purposes = TRAFFIC_PURPOSES.map((p) => ({ p, hits: days.reduce((s, d) => s + d.hits[p], 0) }))
    .filter((x) => x.hits > 0)
    .map((x) => `${purposeName(tr, x.p)} ${tr.number(x.hits)}`)
    .join(', ');
  return tr.t('traffic.chartDescription', {
    since: tr.date(`${days[0]!.date}T00:00:00Z`),
    until: tr.date(`${days[days.length - 1]!.date}T00:00:00Z`),
    count: total,
    busiest: tr.date(`${busiest.date}T00:00:00Z`),
    busiestHits: busiest.total,
    purposes: purposes || tr.number(0),
  });
}
