/** Shared by every check in a process: at most CITATION_CONCURRENCY requests in flight per engine, and the daily budget. */
import { CITATION_ENGINE_IDS, type CitationEngineId } from '../../../shared/schema/citation-engines.js';
import { Semaphore } from '../../audits/semaphore.js';
import type { DailyBudget } from './daily-budget.js';

export class EngineGate {
  readonly #slots: Record<CitationEngineId, Semaphore>;

  constructor(
    concurrency: number,
    readonly budget: DailyBudget,
  ) {
    this.#slots = Object.fromEntries(CITATION_ENGINE_IDS.map((id) => [id, new Semaphore(concurrency, Number.POSITIVE_INFINITY)])) as Record<
      CitationEngineId,
      Semaphore
    >;
  }

  /** Waits for a slot of this engine; call the returned function when the request is over. */
  async acquire(engine: CitationEngineId): Promise<() => void> {
    const release = await this.#slots[engine].acquire();
    if (!release) throw new Error('unreachable: the engine queue is unbounded');
    return release;
  }

  running(engine: CitationEngineId): number {
    return this.#slots[engine].running;
  }
}
