/**
 * Printing is background work: the API must keep answering while Chromium lays out a report (ten PDFs
 * at once must not raise GET /audits/{id} p99 above 50 ms on two cores). After launch, Chromium's processes
 * (the browser and its zygotes, found by a marker switch in the browser's command line) get a lower CPU
 * priority; renderers forked from a zygote later inherit it. Linux only (/proc); elsewhere nothing changes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** nice 10: the kernel gives a nice-0 process about ten times the CPU share of this one when both want it. */
export const PRINTER_NICENESS = 10;

export function lowerPriorityOfChromium(marker: string, niceness = PRINTER_NICENESS): number {
  let processes: Array<{ pid: number; ppid: number }>;
  try {
    processes = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .flatMap((name) => {
        try {
          // The command (2nd field) may hold spaces and parentheses: the fields after the last ')' are fixed.
          const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
          const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
          return [{ pid: Number(name), ppid }];
        } catch {
          return []; // exited meanwhile
        }
      });
  } catch {
    return 0; // no /proc
  }
  const browser = processes.find((p) => p.ppid === process.pid && commandLine(p.pid).includes(marker));
  if (!browser) return 0;
  const tree = new Set([browser.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of processes) if (tree.has(p.ppid) && !tree.has(p.pid)) grew = Boolean(tree.add(p.pid));
  }
  let lowered = 0;
  for (const pid of tree) {
    try {
      os.setPriority(pid, Math.max(os.getPriority(pid), niceness));
      lowered++;
    } catch {
      // exited meanwhile, or not ours to change
    }
  }
  return lowered;
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}
