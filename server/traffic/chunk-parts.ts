/**
 * What one chunk of an upload adds to the store, from the DailyAggregates it was counted into: each day's rollup
 * (page lists cut, ../store/rollup/traffic-days.ts), every path an AI agent fetched with its days (before any
 * cut: `not_crawled` must know every page fetched), the lines read and the problems.
 */
import type { DailyAggregates } from '../../shared/logs/aggregate/daily-aggregates.js';
import type { TrafficChunk } from '../store/contracts/traffic.js';
import { rollupOfAggregate } from '../store/rollup/traffic-days.js';

export type ChunkParts = Pick<TrafficChunk, 'lines' | 'problems' | 'days' | 'pages'>;

export function chunkParts(counted: DailyAggregates): ChunkParts {
  const days: TrafficChunk['days'] = [];
  const pages = new Map<string, string[]>();
  for (const [date, day] of [...counted.byDay].sort(([a], [b]) => (a < b ? -1 : 1))) {
    days.push({ date, rollup: rollupOfAggregate(day) });
    for (const agent of day.agents.values())
      for (const path of agent.pages.keys()) {
        const dates = pages.get(path);
        if (!dates) pages.set(path, [date]);
        else if (dates[dates.length - 1] !== date) dates.push(date);
      }
  }
  return {
    lines: counted.lines,
    problems: counted.problems.map((p) => ({ ...p })),
    days,
    pages: [...pages].map(([path, dates]) => ({ path, dates })),
  };
}
