/**
 * Traffic over long windows, fast, in both stores: besides each day's rollup (./traffic-days.ts), the stores keep
 * the rollups of aligned blocks of 2, 4, 8 … 512 days (a block of 2^k days starts on a day number, counted from
 * 1970-01-01, divisible by 2^k), each the merge of its days. Any window is the fewest such blocks that cover it
 * exactly (at most two of each size, so at most 19 rollups for any window up to 1,024 days, 17 for a year),
 * where adding up its days read 365. A block also keeps each agent's hits per day (`agent_days`), so a window
 * filtered to one agent or purpose still has its daily series. A chunk adds its days to the blocks they belong to
 * (nine merges a day); blocks of data stored before they existed are built once, when first asked for.
 */
import { mergeRollups, type DayRollup } from './traffic-days.js';

/** Blocks of 2^1 to 2^BLOCK_LEVELS days. */
export const BLOCK_LEVELS = 9;

const DAY_MS = 86_400_000;

export const dayNumber = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
export const dateOfNumber = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** A day (level 0) or a block of 2^level days starting on `start`. */
export interface BlockRef {
  level: number;
  start: string;
}

export interface StoredTrafficBlock extends BlockRef {
  project_id: string;
  rollup: DayRollup;
}

export const blockKey = (b: BlockRef): string => `${b.level}:${b.start}`;

const aligned = (n: number, size: number) => ((n % size) + size) % size === 0;

/** The blocks (levels 1 and up) a day belongs to. */
export function blocksOfDay(date: string): BlockRef[] {
  const n = dayNumber(date);
  const out: BlockRef[] = [];
  for (let level = 1; level <= BLOCK_LEVELS; level++) {
    const size = 2 ** level;
    out.push({ level, start: dateOfNumber(n - (((n % size) + size) % size)) });
  }
  return out;
}

/** The fewest days and blocks that cover `from` to `to` (dates, inclusive) exactly, in date order. */
export function coverWindow(from: string, to: string): BlockRef[] {
  const out: BlockRef[] = [];
  const end = dayNumber(to) + 1;
  for (let n = dayNumber(from); n < end;) {
    let level = 0;
    while (level < BLOCK_LEVELS && aligned(n, 2 ** (level + 1)) && n + 2 ** (level + 1) <= end) level++;
    out.push({ level, start: dateOfNumber(n) });
    n += 2 ** level;
  }
  return out;
}

/** A day's rollup as a one-day block: its agents' hits on that day. */
export function dayAsBlock(date: string, rollup: DayRollup): DayRollup {
  const agentDays: Record<string, [string, number][]> = {};
  for (const [name, c] of rollup.counts.agents) agentDays[name] = [[date, c.hits]];
  return { ...rollup, agent_days: agentDays };
}

/** Each agent's hits per day in a day or block (a day's rollup has them as its agents' hits). */
export function agentDaysOf(block: BlockRef, rollup: DayRollup): Record<string, [string, number][]> {
  return block.level === 0 || !rollup.agent_days ? dayAsBlock(block.start, rollup).agent_days! : rollup.agent_days;
}

/** Two lists of [date, hits] in date order as one, the hits of a date in both added up. */
function mergeDayLists(a: readonly [string, number][], b: readonly [string, number][]): [string, number][] {
  if (a.length === 0) return [...b];
  if (b.length === 0 || a[a.length - 1]![0] < b[0]![0]) return [...a, ...b];
  const out: [string, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x !== undefined && (y === undefined || x[0] < y[0])) {
      out.push([x[0], x[1]]);
      i++;
    } else if (y !== undefined && (x === undefined || y[0] < x[0])) {
      out.push([y[0], y[1]]);
      j++;
    } else {
      out.push([x![0], x![1] + y![1]]);
      i++;
      j++;
    }
  }
  return out;
}

/** Two rollups of one block (different lines) as one, their agents' daily hits added up. */
export function mergeBlocks(a: DayRollup, b: DayRollup): DayRollup {
  const merged = mergeRollups(a, b);
  const agentDays: Record<string, [string, number][]> = { ...(a.agent_days ?? {}) };
  for (const [name, days] of Object.entries(b.agent_days ?? {})) agentDays[name] = mergeDayLists(agentDays[name] ?? [], days);
  return { ...merged, agent_days: agentDays };
}

/** Merges a set of a project's days into the blocks they belong to (`blocks` is read and written by key). */
export function addDaysToBlocks(blocks: Map<string, DayRollup>, days: readonly { date: string; rollup: DayRollup }[]): void {
  for (const { date, rollup } of days) {
    const day = dayAsBlock(date, rollup);
    for (const ref of blocksOfDay(date)) {
      const key = blockKey(ref);
      const had = blocks.get(key);
      blocks.set(key, had ? mergeBlocks(had, day) : day);
    }
  }
}

/** Lets other work (requests, timers) run between merges: a year of large rollups takes seconds to merge. */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Every block of a project's stored days, built bottom up (about one merge per day). It yields to the event loop
 * after each merge, so building the blocks of a large project never holds up the other requests a process serves.
 */
export async function buildBlocks(days: readonly { date: string; rollup: DayRollup }[]): Promise<Map<string, DayRollup>> {
  const out = new Map<string, DayRollup>();
  let level = new Map<number, DayRollup>(days.map(({ date, rollup }) => [dayNumber(date), dayAsBlock(date, rollup)]));
  for (let k = 1; k <= BLOCK_LEVELS; k++) {
    const size = 2 ** k;
    const next = new Map<number, DayRollup>();
    for (const [n, rollup] of level) {
      const start = n - (((n % size) + size) % size);
      const had = next.get(start);
      if (had) {
        next.set(start, mergeBlocks(had, rollup));
        await yieldToEventLoop();
      } else next.set(start, rollup);
    }
    for (const [start, rollup] of next) out.set(blockKey({ level: k, start: dateOfNumber(start) }), rollup);
    level = next;
  }
  return out;
}
