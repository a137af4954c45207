/**
 * What one chunk of an upload adds to the store, from the DailyAggregates it was counted into: each day's rollup
 * (page lists cut, ../store/rollup/traffic-days.ts), every path an AI agent fetched with its days (before any
 * cut: `not_crawled` must know every page fetched), the lines read and the problems. Consecutive chunks merge
 * into one (the chunks counted while an upload arrived are committed together).
 */
import type { DailyAggregates } from '../../shared/logs/aggregate/daily-aggregates.js';
import { MAX_PROBLEMS } from '../../shared/logs/types.js';
import type { TrafficChunk } from '../store/contracts/traffic.js';
import { mergeRollups, rollupOfAggregate } from '../store/rollup/traffic-days.js';

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

/** The parts of consecutive chunks of one upload, in order, as one chunk's. */
export function mergeChunkParts(chunks: readonly ChunkParts[]): ChunkParts {
  if (chunks.length === 1) return chunks[0]!;
  const days = new Map<string, TrafficChunk['days'][number]['rollup']>();
  const pages = new Map<string, string[]>();
  let lines = 0;
  const problems: ChunkParts['problems'] = [];
  for (const c of chunks) {
    lines += c.lines;
    for (const p of c.problems) if (problems.length < MAX_PROBLEMS) problems.push(p);
    for (const { date, rollup } of c.days) {
      const had = days.get(date);
      days.set(date, had ? mergeRollups(had, rollup) : rollup);
    }
    for (const { path, dates } of c.pages) {
      const had = pages.get(path);
      if (!had) pages.set(path, [...dates]);
      else for (const date of dates) if (!had.includes(date)) had.push(date);
    }
  }
  return {
    lines,
    problems,
    days: [...days].sort(([x], [y]) => (x < y ? -1 : 1)).map(([date, rollup]) => ({ date, rollup })),
    pages: [...pages].map(([path, dates]) => ({ path, dates: dates.sort() })),
  };
}
