/**
 * Starting checks on the queue: a due pass, a manual check (one per account across every process), and
 * after Redis lost its state, the checks left `running` whose progress it no longer knows.
 */
import type { CitationStore, StoredCheck } from '../../store/contracts/citations.js';
import { newCheckId, openCheck, type CheckPlan } from '../check/check-record.js';
import { duePairs, everyPair, livePrompts, pairsLeft, promptsInScope, type CheckScope } from '../check/plan-pairs.js';
import { addPairJobs, finishCheck } from './pair-jobs.js';
import type { QueueContext } from './queue-context.js';

/** Leases the prompts, records the pair count, stores the check, adds its jobs. */
function queueCheck(ctx: QueueContext, store: CitationStore, plan: CheckPlan): Promise<StoredCheck | null> {
  return openCheck(store, ctx.coordination, plan, ctx.env.now, {
    beforeStore: ({ check, pairs }) => ctx.coordination.trackCheck(check.id, pairs.length),
    launch: ({ check, pairs }) => addPairJobs(ctx, check, pairs),
  });
}

/** The pairs due now as one scheduled check; null when there are none, or every due prompt is being checked. */
export async function queueDuePass(ctx: QueueContext, intervalMs: number): Promise<StoredCheck | null> {
  const store = await ctx.store();
  const due = await duePairs(store, ctx.env, intervalMs);
  if (due.length === 0) return null;
  const check = await queueCheck(ctx, store, { accountId: null, trigger: 'schedule', pairs: due });
  if (check) ctx.logger.info('scheduled citation check', { check_id: check.id, prompts: check.prompt_count, pairs: check.pairs.length });
  return check;
}

/** POST /citations/checks (the account's prompts, or the scope's): while the account's check runs (in any process), that check is returned. */
export async function queueManualCheck(ctx: QueueContext, accountId: string, scope: CheckScope = {}): Promise<StoredCheck> {
  const store = await ctx.store();
  for (let attempt = 0; attempt < 50; attempt++) {
    const id = newCheckId();
    const claim = await ctx.coordination.claimManual(accountId, id);
    if (claim.claimed) {
      try {
        const pairs = everyPair(promptsInScope(await store.listPrompts(accountId), scope), ctx.env.config.enabledEngines);
        const check = (await queueCheck(ctx, store, { id, accountId, trigger: 'manual', pairs }))!; // a manual check is always stored
        if (check.status !== 'running') await ctx.coordination.releaseManual(accountId, id);
        return check;
      } catch (error) {
        await ctx.coordination.releaseManual(accountId, id);
        throw error;
      }
    }
    // Another request (maybe in another process) started one: return it while it runs.
    const running = claim.holder ? await store.getCheck(claim.holder) : null;
    if (running?.status === 'running') return running;
    if (running && claim.holder)
      await ctx.coordination.releaseManual(accountId, claim.holder); // finished: a stale mark
    else await new Promise((resolve) => setTimeout(resolve, 50)); // being stored right now
  }
  throw new Error('could not start a citation check: the account is busy');
}

/** Checks left `running` whose progress Redis no longer knows (Redis was emptied): run their missing pairs again. */
export async function resumeOrphans(ctx: QueueContext): Promise<void> {
  if (!(await ctx.coordination.once('resume-orphans', 60_000))) return;
  const store = await ctx.store();
  const live = await livePrompts(store);
  for (const check of await store.unfinishedChecks()) {
    if (await ctx.coordination.isTracked(check.id)) continue; // its jobs are in the queue
    const left = await pairsLeft(store, check, live);
    ctx.logger.info('resuming citation check', { check_id: check.id, pairs_left: left.length });
    await ctx.coordination.trackCheck(check.id, left.length);
    if (left.length === 0) await finishCheck(ctx, store, check.id, 0);
    else await addPairJobs(ctx, check, left);
  }
}
