/**
 * The pairs a scheduled pass checks (the same rule as the in-process scheduler, check-runner.ts):
 * each (prompt, engine) whose latest stored row is older than the interval, or that has none, or that
 * said not_configured while the engine now has its key. Each comes with its basis: the time of the row
 * it is due after (null: no row yet), which names its job and lets the job see it was already done.
 */
import { CITATION_ENGINE_IDS, type CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { CitationStore, StoredPrompt } from '../../store/citations-store.js';
import type { CheckEnvironment } from '../check/check-environment.js';

export interface DuePair {
  prompt: StoredPrompt;
  engine: CitationEngineId;
  /** checked_at (epoch ms) of the latest row, or null when the pair has none. */
  basis: number | null;
}

export async function duePairs(store: CitationStore, env: CheckEnvironment, intervalMs: number): Promise<DuePair[]> {
  const cutoff = env.now().getTime() - intervalMs;
  const due: DuePair[] = [];
  for (const prompt of await store.allPrompts()) {
    const latest = await store.latestResults(prompt.id);
    for (const engine of CITATION_ENGINE_IDS) {
      const row = latest[engine];
      const time = row ? Date.parse(row.checked_at) : null;
      const newlyConfigured = row?.status === 'not_configured' && env.engines[engine].isConfigured(env.config);
      if (time === null || newlyConfigured || time <= cutoff) due.push({ prompt, engine, basis: time });
    }
  }
  return due;
}
