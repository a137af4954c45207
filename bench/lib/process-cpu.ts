/**
 * CPU time of this process and of every process under it, from /proc on Linux: Chromium's renderer processes come
 * and go with each render, so the time of those already ended is read from their parents' reaped-children counters
 * (cutime, cstime). A figure that holds on a busy machine, where wall times stretch with the load.
 */
import { readFileSync } from 'node:fs';
import { descendantsOf } from './process-memory.js';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** Milliseconds of CPU used so far by this process and its descendants, ended ones included. */
export function treeCpuMs(pid = process.pid): number {
  let ticks = 0;
  for (const child of descendantsOf(pid)) {
    try {
      const stat = readFileSync(`/proc/${child}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime: fields 14 to 17 of proc(5), 11 to 14 after the state.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // ended meanwhile: its time is in its parent's counters from now on
    }
  }
  const own = process.cpuUsage();
  return ticks * TICK_MS + (own.user + own.system) / 1000;
}
