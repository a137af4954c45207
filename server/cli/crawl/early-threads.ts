/**
 * `citable crawl`'s audit threads, started by the launcher as soon as it sees a crawl, before the command's own
 * code has loaded. A thread takes about 45 ms to come online and 50 ms more to load the engine; the command takes
 * about 90 ms to load. Started together they overlap, and the crawl's first pages do not wait for both in turn.
 * The threads get their settings later, in their first message (server/audits/worker-protocol.ts).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { THREAD_LIMITS } from '../../audits/thread-limits.js';

interface EarlyThread {
  worker: Worker;
  exited: boolean;
}

/** Where the threads wait between the launcher's bundle and the command's (two bundles: no shared module state). */
const HELD = Symbol.for('citable.earlyAuditThreads');
type Holder = { [HELD]?: { script: string; threads: EarlyThread[] } };

/** A crawl that will run: `crawl` with something besides options for help. */
export function crawlWillRun(args: readonly string[]): boolean {
  return args[0] === 'crawl' && args.length > 1 && !args.includes('--help') && !args.includes('-h');
}

/** Starts one thread per core of this script, when it exists. */
export function startEarlyThreads(script: string, count = availableParallelism()): void {
  if (!existsSync(script)) return;
  const threads = Array.from({ length: count }, () => {
    const thread: EarlyThread = { worker: new Worker(script, { resourceLimits: THREAD_LIMITS }), exited: false };
    thread.worker.unref(); // a command that fails on its arguments exits at once
    // A thread that fails to start must not take the process down before anyone listens to it.
    thread.worker.on('error', () => undefined);
    thread.worker.once('exit', () => (thread.exited = true));
    return thread;
  });
  (globalThis as Holder)[HELD] = { script, threads };
}

/** The threads started early for this script and still alive, each handed out once. */
export function takeEarlyThreads(script: string): Worker[] {
  const held = (globalThis as Holder)[HELD];
  if (!held || held.script !== script) return [];
  delete (globalThis as Holder)[HELD];
  return held.threads.filter((t) => !t.exited).map((t) => t.worker);
}
