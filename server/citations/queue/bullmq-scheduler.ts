/**
 * The citation scheduler for several server processes (REDIS_URL): the same CitationScheduler as the
 * in-process one (../scheduler.ts), its work spread over a BullMQ queue in Redis.
 *  - A job scheduler (one repeatable "due-pass" job per tick, whatever the number of processes) looks
 *    for due pairs; `tick()` runs the same pass directly (queued-checks.ts).
 *  - A pass or a manual check leases its prompts in Redis (coordination.ts), stores the check, then adds
 *    one job per (prompt, engine) (pair-jobs.ts).
 *  - A worker in every process runs jobs, each exactly one pair.
 *  - Stop: running pairs are cancelled; their jobs go back to the queue (no attempt spent) and any
 *    process runs them. A process that dies holding a job leaves it stalled: BullMQ gives it to another
 *    worker after the lock expires.
 */
import { DelayedError, Worker, type Job, type Queue } from 'bullmq';
import type { Logger } from '../../logging/logger.js';
import { upsertScheduler, watchJobScheduler, type Watchdog } from '../../schedules/job-scheduler-watchdog.js';
import type { CitationStore, StoredCheck } from '../../store/contracts/citations.js';
import type { CheckEnvironment } from '../check/check-environment.js';
import type { CitationScheduler } from '../scheduler.js';
import { runPairJob, type PairJobData } from './pair-jobs.js';
import { createQueueContext, QUEUE_NAME, QUEUE_PREFIX, type QueueContext } from './queue-context.js';
import { queueDuePass, queueManualCheck, resumeOrphans } from './queued-checks.js';

export { QUEUE_NAME, QUEUE_PREFIX } from './queue-context.js';
export type { PairJobData } from './pair-jobs.js';

const DUE_PASS_SCHEDULER = 'citations-due-pass';

export interface BullmqSchedulerOptions {
  redisUrl: string;
  store: () => Promise<CitationStore>;
  env: CheckEnvironment;
  intervalMs: number;
  /** How often the job scheduler runs a due pass (default: a minute, or the interval when shorter). */
  tickMs?: number;
  logger: Logger;
  /** Pair jobs this process runs at once (the engine gate still limits requests per engine). */
  concurrency?: number;
  /** Time limit of leases and marks (default 6 h): what a lost process can pin at most. */
  leaseMs?: number;
  /** Run jobs in this process (default true); false: only add jobs (tests, or API-only processes). */
  work?: boolean;
  /** How often to check that the due-pass schedule still exists in Redis (default a minute): Redis may lose it. */
  scheduleCheckMs?: number;
}

export function createBullmqScheduler(options: BullmqSchedulerOptions): CitationScheduler & { queue: Queue } {
  const tickMs = options.tickMs ?? Math.min(options.intervalMs, 60_000);
  const ctx = createQueueContext({ ...options, leaseMs: options.leaseMs ?? 6 * 3_600_000 });
  let worker: Worker | null = null;
  let abort = new AbortController();
  let passing: Promise<StoredCheck | null> | null = null;
  let watchdog: Watchdog | null = null;
  const duePass = { id: DUE_PASS_SCHEDULER, everyMs: tickMs, jobName: 'due-pass' };

  const tick = (): Promise<StoredCheck | null> => {
    passing ??= queueDuePass(ctx, options.intervalMs).finally(() => (passing = null));
    return passing;
  };

  const runJob = async (job: Job, token?: string) => {
    if (job.name === 'due-pass') return (await tick())?.id ?? null;
    const pair = job as Job<PairJobData>;
    const outcome = await runPairJob(ctx, pair, abort.signal, token);
    options.logger.debug('citation pair job', {
      job_id: job.id,
      check_id: pair.data.checkId,
      prompt_id: pair.data.promptId,
      engine: pair.data.engine,
      outcome,
    });
    return outcome;
  };

  return {
    queue: ctx.queue,
    async start() {
      abort = new AbortController();
      await resumeOrphans(ctx);
      await upsertScheduler(ctx.queue, duePass);
      if (options.work ?? true) worker = startWorker(ctx, runJob, options.concurrency ?? 10);
      // Redis emptied: the schedule comes back from the store, and checks whose progress it held resume.
      watchdog = watchJobScheduler(ctx.queue, duePass, {
        intervalMs: options.scheduleCheckMs ?? 60_000,
        logger: options.logger,
        onRecreated: async () => {
          await resumeOrphans(ctx);
          await tick();
        },
      });
      await tick();
    },
    tick,
    checkNow: (accountId, scope) => queueManualCheck(ctx, accountId, scope),
    async runningCheck(accountId) {
      const holder = await ctx.coordination.manualHolder(accountId);
      const check = holder ? await (await ctx.store()).getCheck(holder) : null;
      return check?.status === 'running' ? check : null;
    },
    async stop() {
      watchdog?.stop();
      abort.abort();
      await passing?.catch(() => null);
      if (worker) await worker.close();
      worker = null;
      await ctx.queue.close();
      ctx.disconnect();
    },
  };
}

function startWorker(ctx: QueueContext, run: (job: Job, token?: string) => Promise<unknown>, concurrency: number): Worker {
  // A job whose process died is given to another worker; allow that a few times before giving up on it.
  const worker = new Worker(QUEUE_NAME, run, { connection: ctx.connection(), prefix: QUEUE_PREFIX, concurrency, maxStalledCount: 3 });
  worker.on('error', (error) => ctx.logger.warn('citation worker error', { error: String(error) }));
  worker.on('failed', (job, error) => {
    if (job && !(error instanceof DelayedError))
      ctx.logger.warn('citation job failed', { job_id: job.id, attempts: job.attemptsMade, error: String(error) });
  });
  return worker;
}
