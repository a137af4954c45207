/**
 * A `citable worker` process for the scale tests that queue crawls through Redis: started from the crawl tests'
 * worker entry with only the variables given (no inherited configuration), its JSON log lines collected, and
 * ready once it logs "worker ready".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { track } from '../../helpers/services/child-processes.js';
import { until } from '../../helpers/until.js';

const ENTRY = path.join(import.meta.dirname, '../../crawls/helpers/worker-entry.ts');

export interface WorkerProcess {
  child: ChildProcess;
  /** Every JSON line it has logged so far. */
  lines: Array<Record<string, unknown>>;
}

export async function startCrawlWorker(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, AUDIT_ALLOW_PRIVATE: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  track(child);
  const worker: WorkerProcess = { child, lines: [] };
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      try {
        worker.lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  await until('the worker to log "worker ready"', async () => (worker.lines.some((l) => l.msg === 'worker ready') ? true : undefined), {
    timeoutMs: 60_000,
    everyMs: 100,
  });
  return worker;
}
