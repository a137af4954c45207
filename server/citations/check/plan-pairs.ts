/**
 * Which (prompt, engine) pairs a check runs, for both schedulers (in-process, check-runner.ts; BullMQ,
 * queue/bullmq-scheduler.ts): every pair of an account's prompts, the pairs due now, and the pairs an
 * unfinished check still owes after a restart. "Due" and "done" are read from stored rows, so a restart
 * neither repeats a check done before it nor forgets one.
 */
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { CitationStore, StoredCheck, StoredPrompt } from '../../store/contracts/citations.js';
import { isEngineConfigured } from '../engines/index.js';
import type { CheckEnvironment } from './check-environment.js';

export interface PlannedPair {
  prompt: StoredPrompt;
  engine: CitationEngineId;
  /**
   * Scheduled pairs: checked_at (epoch ms) of the latest row the pair is due after, or null when it has
   * none (it names the pair's job and lets the job see it was already done). Undefined otherwise.
   */
  basis?: number | null;
}

/** What a manual check covers: the whole account, one project's prompts, or one prompt. */
export interface CheckScope {
  projectId?: string;
  promptId?: string;
}

/** The account's prompts within the scope. */
export function promptsInScope(prompts: readonly StoredPrompt[], scope: CheckScope = {}): StoredPrompt[] {
  return prompts.filter(
    (p) => (scope.promptId === undefined || p.id === scope.promptId) && (scope.projectId === undefined || p.project_id === scope.projectId),
  );
}

/** A manual check: every prompt on every engine that runs (CITATION_ENGINES). */
export function everyPair(prompts: readonly StoredPrompt[], engines: readonly CitationEngineId[]): PlannedPair[] {
  return prompts.flatMap((prompt) => engines.map((engine) => ({ prompt, engine })));
}

/**
 * The scheduler's pass: each (prompt, engine) whose latest row is older than `intervalMs`, or that has
 * none, or that said not_configured while the engine now has its key (configured after a restart).
 */
export async function duePairs(store: CitationStore, env: CheckEnvironment, intervalMs: number): Promise<PlannedPair[]> {
  const cutoff = env.now().getTime() - intervalMs;
  const due: PlannedPair[] = [];
  for (const prompt of await store.allPrompts()) {
    const latest = await store.latestResults(prompt.id);
    for (const engine of env.config.enabledEngines) {
      const row = latest[engine];
      const basis = row ? Date.parse(row.checked_at) : null;
      const newlyConfigured = row?.status === 'not_configured' && isEngineConfigured(env.config, engine);
      if (basis === null || newlyConfigured || basis <= cutoff) due.push({ prompt, engine, basis });
    }
  }
  return due;
}

/** The pairs of an unfinished check that have no row since it began, of prompts still tracked (`live`, by id). */
export async function pairsLeft(store: CitationStore, check: StoredCheck, live: ReadonlyMap<string, StoredPrompt>): Promise<PlannedPair[]> {
  const since = Date.parse(check.created_at);
  const left: PlannedPair[] = [];
  for (const pair of check.pairs) {
    const prompt = live.get(pair.prompt_id);
    if (!prompt) continue; // deleted since
    const row = (await store.latestResults(pair.prompt_id))[pair.engine];
    if (row && Date.parse(row.checked_at) >= since) continue; // done before the restart
    left.push({ prompt, engine: pair.engine });
  }
  return left;
}

/** Every tracked prompt by id (what `pairsLeft` needs). */
export async function livePrompts(store: CitationStore): Promise<Map<string, StoredPrompt>> {
  return new Map((await store.allPrompts()).map((p) => [p.id, p]));
}
