/**
 * GET /citations/summary's figures (docs/api-decisions.md#projects-and-citation-intelligence), from daily tallies per engine, whichever store
 * pre-aggregated them: visibility = visible_runs / runs; citation_rate = cited_runs / runs;
 * share_of_voice = visible_runs / (visible_runs + the competitors' visible_runs), 0 when that sum is 0;
 * avg_position the mean position over cited runs, or null. Ratios have 4 decimals.
 */
import { CITATION_ENGINE_IDS } from '../../../shared/schema/citation-engines.js';
import type { CitationSummary, EngineSummary } from '../../../shared/schema/citation-intelligence.js';
import { addCounts, type DayTally } from '../../store/rollup/day-tally.js';
import { daysOf, type DayWindow } from '../../store/rollup/days.js';

export type { DayTally } from '../../store/rollup/day-tally.js';

interface Totals {
  runs: number;
  visible: number;
  mentioned: number;
  cited: number;
  position_sum: number;
  position_count: number;
  competitorVisible: number;
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : 0);

const emptyTotals = (): Totals => ({
  runs: 0,
  visible: 0,
  mentioned: 0,
  cited: 0,
  position_sum: 0,
  position_count: 0,
  competitorVisible: 0,
});

function add(t: Totals, d: DayTally, competitorVisible: number): void {
  addCounts(t, d);
  t.competitorVisible += competitorVisible;
}

function figures(t: Totals): Omit<EngineSummary, 'engine'> {
  return {
    runs: t.runs,
    visible_runs: t.visible,
    mentioned_runs: t.mentioned,
    cited_runs: t.cited,
    visibility: ratio(t.visible, t.runs),
    citation_rate: ratio(t.cited, t.runs),
    share_of_voice: ratio(t.visible, t.visible + t.competitorVisible),
    avg_position: t.position_count > 0 ? Math.round((t.position_sum / t.position_count) * 100) / 100 : null,
  };
}

/**
 * The summary; `competitorNames` are the project's competitors now (a removed one no longer counts). One
 * pass over the tallies fills every total: the window's, each engine's, each competitor's and each day's.
 */
export function summarize(tallies: readonly DayTally[], competitorNames: readonly string[], window: DayWindow): CitationSummary {
  const competitorVisible = new Map<string, number>(competitorNames.map((n) => [n, 0]));
  const all = emptyTotals();
  const byEngine = new Map<string, Totals>();
  const byDay = new Map<string, Totals>();
  for (const d of tallies) {
    let named = 0;
    for (const name in d.competitors) {
      const total = competitorVisible.get(name);
      if (total === undefined) continue;
      const visible = d.competitors[name]!;
      competitorVisible.set(name, total + visible);
      named += visible;
    }
    add(all, d, named);
    let engine = byEngine.get(d.engine);
    if (!engine) byEngine.set(d.engine, (engine = emptyTotals()));
    add(engine, d, named);
    let day = byDay.get(d.day);
    if (!day) byDay.set(d.day, (day = emptyTotals()));
    add(day, d, named);
  }
  const voice = all.visible + all.competitorVisible;
  return {
    ...figures(all),
    by_engine: CITATION_ENGINE_IDS.filter((engine) => (byEngine.get(engine)?.runs ?? 0) > 0).map((engine) => ({
      engine,
      ...figures(byEngine.get(engine)!),
    })),
    competitors: competitorNames.map((name) => ({
      name,
      visible_runs: competitorVisible.get(name)!,
      visibility: ratio(competitorVisible.get(name)!, all.runs),
      share_of_voice: ratio(competitorVisible.get(name)!, voice),
    })),
    series: daysOf(window).map((date) => {
      const t = byDay.get(date) ?? emptyTotals();
      return {
        date,
        runs: t.runs,
        visibility: ratio(t.visible, t.runs),
        share_of_voice: ratio(t.visible, t.visible + t.competitorVisible),
      };
    }),
    since: window.since,
    until: window.until,
  };
}
