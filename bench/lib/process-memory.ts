/**
 * Memory of this process and of the processes it started (Chromium's browser, renderer, GPU and utility
 * processes), read from /proc on Linux: the resident set (RSS, which counts pages shared between Chromium's
 * processes once per process) and the proportional set (PSS, shared pages split between their sharers).
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface TreeMemory {
  /** Processes under this one (not counting it). */
  processes: number;
  rssMb: number;
  pssMb: number;
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null; // the process ended meanwhile
  }
}

/** Parent pid of every live process. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : NaN;
    if (Number.isFinite(ppid)) map.set(Number(entry), ppid);
  }
  return map;
}

export function descendantsOf(pid: number): number[] {
  const map = parents();
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const [child, ppid] of map) {
      if (ppid !== parent) continue;
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

const kb = (text: string | null, key: string): number => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text ?? '')?.[1] ?? 0);

/** RSS and PSS of every process under `pid` (default: this one), in MB. */
export function childTreeMemory(pid = process.pid): TreeMemory {
  let rss = 0;
  let pss = 0;
  const pids = descendantsOf(pid);
  for (const child of pids) {
    rss += kb(read(`/proc/${child}/status`), 'VmRSS');
    pss += kb(read(`/proc/${child}/smaps_rollup`), 'Pss');
  }
  return { processes: pids.length, rssMb: rss / 1024, pssMb: pss / 1024 };
}
