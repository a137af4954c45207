import type { Traffic, TrafficAgent } from '../../../../shared/schema/traffic.js';
import type { TrafficPurpose } from '../../../../shared/logs/types.js';
import { labelIndexes } from '../../../lib/dashboard/chart-geometry.js';
import { purposePeriods, purposesSeen, statusMix, type TrafficWindow } from '../../../lib/dashboard/traffic.js';
import { formatNumber, t } from '../../../lib/i18n/t.js';
import { BarChart } from '../charts/BarChart.js';
import { StackedColumns, type Texture } from '../charts/StackedColumns.js';
import { percent, shortDay } from '../format.js';

const TEXTURES: readonly Texture[] = ['solid', 'hatch', 'dots'];

/** A purpose in words (the catalogue's names: "Training", "Search", "Coding agents" ...). */
export function purposeName(purpose: TrafficPurpose): string {
  switch (purpose) {
    case 'training':
      return t('trafficPurposeTraining');
    case 'search':
      return t('trafficPurposeSearch');
    case 'user':
      return t('trafficPurposeUser');
    case 'archive':
      return t('trafficPurposeArchive');
    case 'coding_agent':
      return t('trafficPurposeCodingAgent');
    case 'agentic_browser':
      return t('trafficPurposeAgenticBrowser');
  }
}

const dayLabel = (day: string) => shortDay(day);
const periodLabel = (w: { since: string; until: string }) =>
  w.since === w.until ? dayLabel(w.since) : `${dayLabel(w.since)}–${dayLabel(w.until)}`;

/**
 * Hits per period stacked by purpose, each purpose with its own colour and texture, and the same figures in one
 * sentence for screen readers and anyone who prefers words (the busiest period and each purpose's hits).
 */
export function PurposeChart({ traffic, days, today }: { traffic: Traffic; days: TrafficWindow; today: string }) {
  const seen = purposesSeen(traffic);
  const legend = seen.map((p, i) => ({ name: purposeName(p), className: `purpose-${p}`, texture: TEXTURES[i % TEXTURES.length]! }));
  const periods = purposePeriods(traffic.series, days, today);
  const ticks = new Set(labelIndexes(periods.length, 7));
  const columns = periods.map((w, i) => ({
    label: dayLabel(w.since),
    tick: ticks.has(i),
    parts: seen.map((p, i) => ({ name: legend[i]!.name, className: legend[i]!.className, texture: legend[i]!.texture, value: w.hits[p] })),
  }));
  const totalOf = (i: number) => columns[i]!.parts.reduce((n, p) => n + p.value, 0);
  const busiest = columns.reduce((best, _, i) => (totalOf(i) > totalOf(best) ? i : best), 0);
  const perPurpose = traffic.purposes
    .filter((p) => p.hits > 0)
    .map((p) => `${purposeName(p.purpose)} ${formatNumber(p.hits)}`)
    .join(', ');
  return (
    <>
      <p class="muted small" data-testid="purpose-summary">
        {t('trafficPurposeSummary', perPurpose || '0', periodLabel(periods[busiest]!), totalOf(busiest))}
      </p>
      {seen.length > 0 && <StackedColumns label={t('trafficByPurpose')} legend={legend} columns={columns} />}
    </>
  );
}

const STATUS_STYLE: Record<string, string> = { '2xx': 'status-2xx', '3xx': 'status-3xx', '4xx': 'status-4xx', '5xx': 'status-5xx' };

/** What the agents were served: hits per status class, as bars with their figures and shares written out. */
export function StatusMix({ agents }: { agents: readonly TrafficAgent[] }) {
  const mix = statusMix(agents);
  const total = Object.values(mix).reduce((n, x) => n + x, 0);
  return (
    <BarChart
      label={t('trafficStatusMix')}
      max={total}
      bars={Object.entries(mix).map(([status, hits]) => ({
        label: status,
        value: hits,
        text: `${hits}`,
        className: STATUS_STYLE[status]!,
        kind: total > 0 ? percent(hits / total) : undefined,
      }))}
    />
  );
}
