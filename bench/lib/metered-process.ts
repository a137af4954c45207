/**
 * A measured process: its wall time from spawn to exit, its output, and what bench/lib/max-rss.cjs (preloaded into
 * it) reports at its exit: peak resident set and CPU time, worker threads included.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Preload it (`-r`, or `--require` in NODE_OPTIONS) into the process to measure. */
export const MAX_RSS = fileURLToPath(new URL('./max-rss.cjs', import.meta.url));

export interface MeteredRun {
  ms: number;
  code: number | null;
  stdout: string;
  stderr: string;
  maxRssMb: number | null;
  /** CPU time of the whole process (user + system, all threads). */
  cpuMs: number | null;
}

export function runMetered(file: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<MeteredRun> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(file, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => {
      const rss = /MAX_RSS_KB (\d+)/.exec(stderr);
      const cpu = /CPU_US (\d+)/.exec(stderr);
      resolve({
        ms: performance.now() - t0,
        code,
        stdout,
        stderr,
        maxRssMb: rss ? Number(rss[1]) / 1024 : null,
        cpuMs: cpu ? Number(cpu[1]) / 1000 : null,
      });
    });
  });
}
