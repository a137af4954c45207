/**
 * A check's stored record from its start to its end, the same for both schedulers. A check first leases
 * its prompts (two overlapping checks never ask about the same prompt: the second skips it and counts it
 * in `skipped_prompts`), then is stored, then launched; its end is one more stored state.
 */
import type { CitationStore, StoredCheck } from '../../store/contracts/citations.js';
import { randomBase62 } from '../../util/base62.js';
import type { PlannedPair } from './plan-pairs.js';

/** Who holds which prompt: this process's memory, or Redis when processes share the work. */
export interface PromptLeases {
  /** Takes the free prompts for this check; resolves with those it now holds. */
  lease(promptIds: readonly string[], checkId: string): Promise<Set<string>>;
  /** Gives back what this check holds of these prompts. */
  release(promptIds: readonly string[], checkId: string): Promise<void>;
}

export interface CheckPlan {
  /** A check id chosen beforehand (the BullMQ scheduler's manual checks); else a new one. */
  id?: string;
  accountId: string | null;
  trigger: StoredCheck['trigger'];
  pairs: readonly PlannedPair[];
}

export interface OpenedCheck {
  check: StoredCheck;
  /** The pairs of the prompts it holds. */
  pairs: PlannedPair[];
}

export const newCheckId = () => `chk_${randomBase62(16)}`;

export interface CheckLaunch {
  /** Before the check is stored (the BullMQ scheduler records its pair count, so no job can finish first). */
  beforeStore?: (opened: OpenedCheck) => Promise<void>;
  /** Runs or enqueues the pairs; not called when the check holds none. */
  launch: (opened: OpenedCheck) => Promise<void> | void;
}

/**
 * Leases the plan's prompts, stores the check and launches its pairs. A scheduled pass that holds no
 * prompt stores nothing (null); a manual check is stored even then (completed at once). If storing or
 * launching fails, the leases are given back.
 */
export async function openCheck(
  store: CitationStore,
  leases: PromptLeases,
  plan: CheckPlan,
  now: () => Date,
  hooks: CheckLaunch,
): Promise<StoredCheck | null> {
  const id = plan.id ?? newCheckId();
  const promptIds = [...new Set(plan.pairs.map((p) => p.prompt.id))];
  const held = await leases.lease(promptIds, id);
  const pairs = plan.pairs.filter((p) => held.has(p.prompt.id));
  if (plan.trigger === 'schedule' && pairs.length === 0) return null;
  const at = now().toISOString();
  const check: StoredCheck = {
    id,
    account_id: plan.accountId,
    trigger: plan.trigger,
    status: pairs.length > 0 ? 'running' : 'completed',
    created_at: at,
    finished_at: pairs.length > 0 ? null : at,
    pairs: pairs.map((p) => ({ prompt_id: p.prompt.id, engine: p.engine })),
    prompt_count: held.size,
    skipped_prompts: promptIds.length - held.size,
  };
  try {
    await hooks.beforeStore?.({ check, pairs });
    await store.putCheck(check);
    if (pairs.length > 0) await hooks.launch({ check, pairs });
  } catch (error) {
    await leases.release([...held], id).catch(() => undefined);
    throw error;
  }
  return check;
}

/** The check's final state: failed when some result rows could not be stored. */
export function closedCheck(check: StoredCheck, unsaved: number, now: () => Date): StoredCheck {
  return {
    ...check,
    status: unsaved > 0 ? 'failed' : 'completed',
    finished_at: now().toISOString(),
    ...(unsaved > 0 ? { error: `${unsaved} result rows could not be stored` } : {}),
  };
}
