/**
 * One job per (prompt, engine). Scheduled jobs have a deduplicating id, `due.<prompt>.<engine>.<basis>`
 * (basis: the time of the row the pair is due after), so while one is queued or running no process can
 * add it again; manual ones `manual.<check>.<prompt>.<engine>`. Before asking the engine a job reads the
 * pair's latest row: if this check already stored it, or a newer row than the basis exists, it does
 * nothing (a retry after a crash, or a pass that read the rows just before another finished). The job
 * that finishes a check's last pair records the check's end and releases its leases.
 */
import { DelayedError, type Job } from 'bullmq';
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { CitationStore, StoredCheck } from '../../store/contracts/citations.js';
import { closedCheck } from '../check/check-record.js';
import type { PlannedPair } from '../check/plan-pairs.js';
import { runPairs } from '../check/run-pairs.js';
import { storePairRow } from '../check/store-pair-row.js';
import type { QueueContext } from './queue-context.js';

const ATTEMPTS = 5;

export interface PairJobData {
  checkId: string;
  accountId: string;
  promptId: string;
  engine: CitationEngineId;
  /** Scheduled pairs: checked_at (ms) of the row the pair was due after, or null (none). Manual: undefined. */
  basis?: number | null;
}

export async function addPairJobs(ctx: QueueContext, check: StoredCheck, pairs: readonly PlannedPair[]): Promise<void> {
  await ctx.queue.addBulk(
    pairs.map(({ prompt, engine, basis }) => ({
      name: 'pair',
      data: { checkId: check.id, accountId: prompt.account_id, promptId: prompt.id, engine, basis } satisfies PairJobData,
      opts: {
        jobId: basis !== undefined ? `due.${prompt.id}.${engine}.${basis ?? 'none'}` : `manual.${check.id}.${prompt.id}.${engine}`,
        attempts: ATTEMPTS,
        backoff: { type: 'exponential', delay: 2_000 },
        removeOnComplete: true,
        removeOnFail: true,
      },
    })),
  );
}

/** The end of a check: its final state, then its leases and the account's manual mark. */
export async function finishCheck(ctx: QueueContext, store: CitationStore, checkId: string, unsaved: number): Promise<void> {
  const check = await store.getCheck(checkId);
  if (!check) return;
  await store.putCheck(closedCheck(check, unsaved, ctx.env.now));
  await ctx.coordination.release([...new Set(check.pairs.map((p) => p.prompt_id))], checkId);
  if (check.account_id && check.trigger === 'manual') await ctx.coordination.releaseManual(check.account_id, checkId);
}

async function finishPair(ctx: QueueContext, store: CitationStore, data: PairJobData, unsaved: boolean): Promise<void> {
  const left = await ctx.coordination.finishPair(data.checkId, `${data.promptId}.${data.engine}`, unsaved);
  if (left >= 0) await finishCheck(ctx, store, data.checkId, left);
}

/** Runs one pair job; `signal` cancels it (shutdown), sending the job back to the queue without spending an attempt. */
export async function runPairJob(ctx: QueueContext, job: Job<PairJobData>, signal: AbortSignal, token?: string): Promise<string> {
  const data = job.data;
  const store = await ctx.store();
  const prompt = await store.getPrompt(data.accountId, data.promptId);
  const latest = prompt ? (await store.latestResults(prompt.id))[data.engine] : undefined;
  const alreadyDone =
    latest !== undefined &&
    (latest.check_id === data.checkId ||
      (data.basis !== undefined && Date.parse(latest.checked_at) > (data.basis ?? Number.NEGATIVE_INFINITY)));
  if (!prompt || alreadyDone) {
    await finishPair(ctx, store, data, false);
    return prompt ? 'already-checked' : 'prompt-deleted';
  }
  const tracked = ctx.env.resolvePrompt ? await ctx.env.resolvePrompt(prompt) : prompt;
  const outcome = await runPairs([{ prompt: tracked, engine: data.engine, checkId: data.checkId }], ctx.env, {
    signal,
    onRow: (result) =>
      storePairRow(store, prompt.account_id, result, ctx.env.onPairStored, (error) =>
        ctx.logger.error('citation onPairStored hook failed', { error: String(error) }),
      ),
  });
  if (outcome.cancelled) {
    // Shutting down: back to the queue at once, without spending an attempt; any process picks it up.
    await job.moveToDelayed(Date.now() + 1_000, token);
    throw new DelayedError();
  }
  if (outcome.unsaved > 0) {
    const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (last) await finishPair(ctx, store, data, true);
    throw new Error('the result row could not be stored');
  }
  await finishPair(ctx, store, data, false);
  return 'checked';
}
