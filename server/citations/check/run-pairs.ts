/**
 * Runs many (prompt, engine) pairs at once; the engine gate queues them per engine. Each row is handed
 * to `onRow` as soon as it exists (so an interrupted check keeps what it finished), and one pair failing,
 * even `onRow` failing, never stops the others.
 */
import type { CheckEnvironment } from './check-environment.js';
import { CheckCancelledError } from './check-environment.js';
import { runPair, type PairResult, type PairTask } from './run-pair.js';

export interface RunPairsOptions {
  signal?: AbortSignal;
  onRow?: (result: PairResult, task: PairTask) => Promise<void>;
}

export interface RunPairsOutcome {
  results: PairResult[];
  /** Rows that could not be stored (already logged). */
  unsaved: number;
  cancelled: boolean;
}

export async function runPairs(tasks: readonly PairTask[], env: CheckEnvironment, options: RunPairsOptions = {}): Promise<RunPairsOutcome> {
  const results: PairResult[] = [];
  let unsaved = 0;
  let cancelled = false;
  await Promise.all(
    tasks.map(async (task) => {
      let result: PairResult;
      try {
        result = await runPair(task, env, options.signal);
      } catch (error) {
        if (error instanceof CheckCancelledError) {
          cancelled = true;
          return;
        }
        throw error;
      }
      results.push(result);
      try {
        await options.onRow?.(result, task);
      } catch (error) {
        unsaved++;
        env.logger?.error('citation row not stored', { engine: task.engine, prompt_id: task.prompt.id, error: String(error) });
      }
    }),
  );
  return { results, unsaved, cancelled };
}
