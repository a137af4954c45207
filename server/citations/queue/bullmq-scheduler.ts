/**
 * The citation scheduler for several server processes (REDIS_URL): the same CitationScheduler as the
 * in-process one (../scheduler.ts), its work spread over a BullMQ queue in Redis.
 *  - A job scheduler (one repeatable "due-pass" job per tick, whatever the number of processes) looks
 *    for due pairs; `tick()` runs the same pass directly.
 *  - A pass or a manual check leases its prompts in Redis (coordination.ts), stores the check, then adds
 *    one job per (prompt, engine). Scheduled jobs have a deduplicating id, `due.<prompt>.<engine>.<basis>`
 *    (basis: the time of the row the pair is due after), so while one is queued or running no process can
 *    add it again; manual ones `manual.<check>.<prompt>.<engine>`.
 *  - A worker in every process runs jobs, each exactly one pair. Before asking the engine a job reads
 *    the pair's latest row: if this check already stored it, or a newer row than the basis exists, it
 *    does nothing (a retry after a crash, or a pass that read the rows just before another finished).
 *  - The job that finishes a check's last pair records the check's end and releases its leases.
 *  - Stop: running pairs are cancelled; their jobs go back to the queue (no attempt spent) and any
 *    process runs them. A process that dies holding a job leaves it stalled: BullMQ gives it to another
 *    worker after the lock expires.
 */
import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { CITATION_ENGINE_IDS, type CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { Logger } from '../../logging/logger.js';
import type { CitationStore, StoredCheck, StoredPrompt } from '../../store/citations-store.js';
import { randomBase62 } from '../../util/base62.js';
import type { CheckEnvironment } from '../check/check-environment.js';
import { runPairs } from '../check/run-pairs.js';
import type { CitationScheduler } from '../scheduler.js';
import { Coordination } from './coordination.js';
import { duePairs } from './due-pairs.js';

export const QUEUE_NAME = 'citations';
export const QUEUE_PREFIX = 'citable:bull';
const DUE_PASS_SCHEDULER = 'citations-due-pass';
const ATTEMPTS = 5;

export interface PairJobData {
  checkId: string;
  accountId: string;
  promptId: string;
  engine: CitationEngineId;
  /** Scheduled pairs: checked_at (ms) of the row the pair was due after, or null (none). Manual: undefined. */
  basis?: number | null;
}

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
}

export function createBullmqScheduler(options: BullmqSchedulerOptions): CitationScheduler & { queue: Queue } {
  const tickMs = options.tickMs ?? Math.min(options.intervalMs, 60_000);
  const connections: Redis[] = [];
  const connection = () => {
    const client = new Redis(options.redisUrl, { maxRetriesPerRequest: null, connectionName: 'citable-citations' });
    client.on('error', () => undefined); // ioredis reconnects; BullMQ reports what fails
    connections.push(client);
    return client;
  };
  const queue = new Queue(QUEUE_NAME, { connection: connection(), prefix: QUEUE_PREFIX });
  queue.on('error', (error) => options.logger.warn('citation queue error', { error: String(error) }));
  const coordination = new Coordination(connection(), options.leaseMs ?? 6 * 3_600_000);
  const now = () => options.env.now();
  let worker: Worker | null = null;
  let abort = new AbortController();
  let passing: Promise<StoredCheck | null> | null = null;

  /**
   * Leases the prompts, stores the check, adds its jobs. Pairs of prompts another check holds are skipped;
   * a scheduled pass that holds none stores nothing (null), like the in-process scheduler.
   */
  const startCheck = async (
    store: CitationStore,
    plan: { id?: string; accountId: string | null; trigger: StoredCheck['trigger']; pairs: Array<{ prompt: StoredPrompt; engine: CitationEngineId; basis?: number | null }> },
  ): Promise<StoredCheck | null> => {
    const id = plan.id ?? `chk_${randomBase62(16)}`;
    const promptIds = [...new Set(plan.pairs.map((p) => p.prompt.id))];
    const held = await coordination.leasePrompts(promptIds, id);
    const pairs = plan.pairs.filter((p) => held.has(p.prompt.id));
    if (plan.trigger === 'schedule' && pairs.length === 0) return null;
    const check: StoredCheck = {
      id,
      account_id: plan.accountId,
      trigger: plan.trigger,
      status: pairs.length > 0 ? 'running' : 'completed',
      created_at: now().toISOString(),
      finished_at: pairs.length > 0 ? null : now().toISOString(),
      pairs: pairs.map((p) => ({ prompt_id: p.prompt.id, engine: p.engine })),
      prompt_count: held.size,
      skipped_prompts: promptIds.length - held.size,
    };
    try {
      await coordination.trackCheck(id, pairs.length);
      await store.putCheck(check);
      if (pairs.length > 0) await addPairJobs(check, pairs.map((p) => ({ accountId: p.prompt.account_id, promptId: p.prompt.id, engine: p.engine, basis: p.basis })));
    } catch (error) {
      await coordination.releasePrompts([...held], id).catch(() => undefined);
      throw error;
    }
    return check;
  };

  const addPairJobs = async (check: StoredCheck, pairs: Array<Omit<PairJobData, 'checkId'>>) => {
    await queue.addBulk(
      pairs.map((pair) => ({
        name: 'pair',
        data: { checkId: check.id, ...pair } satisfies PairJobData,
        opts: {
          jobId: pair.basis !== undefined ? `due.${pair.promptId}.${pair.engine}.${pair.basis ?? 'none'}` : `manual.${check.id}.${pair.promptId}.${pair.engine}`,
          attempts: ATTEMPTS,
          backoff: { type: 'exponential', delay: 2_000 },
          removeOnComplete: true,
          removeOnFail: true,
        },
      })),
    );
  };

  const duePass = async (): Promise<StoredCheck | null> => {
    const store = await options.store();
    const due = await duePairs(store, options.env, options.intervalMs);
    if (due.length === 0) return null;
    const check = await startCheck(store, { accountId: null, trigger: 'schedule', pairs: due });
    if (!check) return null; // every due prompt is being checked right now
    options.logger.info('scheduled citation check', { check_id: check.id, prompts: check.prompt_count, pairs: check.pairs.length });
    return check;
  };

  const tick = (): Promise<StoredCheck | null> => {
    passing ??= duePass().finally(() => (passing = null));
    return passing;
  };

  /** The end of a check: its final state, then its leases and the account's manual mark. */
  const finishCheck = async (store: CitationStore, checkId: string, unsaved: number) => {
    const check = await store.getCheck(checkId);
    if (!check) return;
    await store.putCheck({
      ...check,
      status: unsaved > 0 ? 'failed' : 'completed',
      finished_at: now().toISOString(),
      ...(unsaved > 0 ? { error: `${unsaved} result rows could not be stored` } : {}),
    });
    await coordination.releasePrompts([...new Set(check.pairs.map((p) => p.prompt_id))], checkId);
    if (check.account_id && check.trigger === 'manual') await coordination.releaseManual(check.account_id, checkId);
  };

  const finishPair = async (store: CitationStore, data: PairJobData, unsaved: boolean) => {
    const left = await coordination.finishPair(data.checkId, `${data.promptId}.${data.engine}`, unsaved);
    if (left >= 0) await finishCheck(store, data.checkId, left);
  };

  const runPairJob = async (job: Job<PairJobData>, token?: string): Promise<string> => {
    const outcome = await runPairJobOnce(job, token);
    options.logger.debug('citation pair job', { job_id: job.id, check_id: job.data.checkId, prompt_id: job.data.promptId, engine: job.data.engine, outcome });
    return outcome;
  };

  const runPairJobOnce = async (job: Job<PairJobData>, token?: string): Promise<string> => {
    const data = job.data;
    const store = await options.store();
    const prompt = await store.getPrompt(data.accountId, data.promptId);
    const latest = prompt ? (await store.latestResults(prompt.id))[data.engine] : undefined;
    const alreadyDone =
      latest !== undefined &&
      (latest.check_id === data.checkId || (data.basis !== undefined && Date.parse(latest.checked_at) > (data.basis ?? Number.NEGATIVE_INFINITY)));
    if (!prompt || alreadyDone) {
      await finishPair(store, data, false);
      return prompt ? 'already-checked' : 'prompt-deleted';
    }
    const outcome = await runPairs([{ prompt, engine: data.engine, checkId: data.checkId }], options.env, {
      signal: abort.signal,
      onRow: async ({ row, calls }) => {
        await store.appendResult({ ...row, account_id: prompt.account_id, calls });
      },
    });
    if (outcome.cancelled) {
      // Shutting down: back to the queue at once, without spending an attempt; any process picks it up.
      await job.moveToDelayed(Date.now() + 1_000, token);
      throw new DelayedError();
    }
    if (outcome.unsaved > 0) {
      const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (last) await finishPair(store, data, true);
      throw new Error('the result row could not be stored');
    }
    await finishPair(store, data, false);
    return 'checked';
  };

  /** Checks left `running` whose progress Redis no longer knows (Redis was emptied): run their missing pairs again. */
  const resumeOrphans = async () => {
    if (!(await coordination.once('resume-orphans', 60_000))) return;
    const store = await options.store();
    const live = new Map((await store.allPrompts()).map((p) => [p.id, p]));
    for (const check of await store.unfinishedChecks()) {
      if (await coordination.isTracked(check.id)) continue; // its jobs are in the queue
      const since = Date.parse(check.created_at);
      const left: Array<Omit<PairJobData, 'checkId'>> = [];
      for (const pair of check.pairs) {
        const prompt = live.get(pair.prompt_id);
        if (!prompt) continue;
        const row = (await store.latestResults(pair.prompt_id))[pair.engine];
        if (row && Date.parse(row.checked_at) >= since) continue;
        left.push({ accountId: prompt.account_id, promptId: prompt.id, engine: pair.engine });
      }
      options.logger.info('resuming citation check', { check_id: check.id, pairs_left: left.length });
      await coordination.trackCheck(check.id, left.length);
      if (left.length === 0) await finishCheck(store, check.id, 0);
      else await addPairJobs(check, left);
    }
  };

  const checkNow = async (accountId: string): Promise<StoredCheck> => {
    const store = await options.store();
    for (let attempt = 0; attempt < 50; attempt++) {
      const id = `chk_${randomBase62(16)}`;
      const claim = await coordination.claimManual(accountId, id);
      if (claim.claimed) {
        try {
          const prompts = await store.listPrompts(accountId);
          const pairs = prompts.flatMap((prompt) => CITATION_ENGINE_IDS.map((engine) => ({ prompt, engine })));
          const check = (await startCheck(store, { id, accountId, trigger: 'manual', pairs }))!;
          if (check.status !== 'running') await coordination.releaseManual(accountId, id);
          return check;
        } catch (error) {
          await coordination.releaseManual(accountId, id);
          throw error;
        }
      }
      // Another request (maybe in another process) started one: return it while it runs.
      const running = claim.holder ? await store.getCheck(claim.holder) : null;
      if (running?.status === 'running') return running;
      if (running && claim.holder) await coordination.releaseManual(accountId, claim.holder); // finished: a stale mark
      else await new Promise((resolve) => setTimeout(resolve, 50)); // being stored right now
    }
    throw new Error('could not start a citation check: the account is busy');
  };

  return {
    queue,
    async start() {
      abort = new AbortController();
      await resumeOrphans();
      await queue.upsertJobScheduler(DUE_PASS_SCHEDULER, { every: tickMs }, { name: 'due-pass', opts: { removeOnComplete: true, removeOnFail: true } });
      if (options.work ?? true) {
        worker = new Worker(
          QUEUE_NAME,
          async (job: Job, token?: string) => (job.name === 'due-pass' ? ((await tick())?.id ?? null) : runPairJob(job as Job<PairJobData>, token)),
          // A job whose process died is given to another worker; allow that a few times before giving up on it.
          { connection: connection(), prefix: QUEUE_PREFIX, concurrency: options.concurrency ?? 10, maxStalledCount: 3 },
        );
        worker.on('error', (error) => options.logger.warn('citation worker error', { error: String(error) }));
        worker.on('failed', (job, error) => {
          if (job && !(error instanceof DelayedError)) options.logger.warn('citation job failed', { job_id: job.id, attempts: job.attemptsMade, error: String(error) });
        });
      }
      await tick();
    },
    tick,
    checkNow,
    async stop() {
      abort.abort();
      await passing?.catch(() => null);
      if (worker) await worker.close();
      worker = null;
      await queue.close();
      for (const client of connections.splice(0)) client.disconnect();
    },
  };
}
