/**
 * A daily allowance of provider requests per engine (CITATION_DAILY_BUDGET), counted per UTC day of the
 * injected clock. `prepare` loads what earlier processes already spent today (from stored rows), so a
 * restart does not hand out the day's budget twice; `take` is then synchronous, one per attempt.
 */
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';
import { EngineError } from '../engines/engine-error.js';

export type SpentBefore = (engine: CitationEngineId, day: string) => Promise<number>;

export class DailyBudget {
  readonly #used = new Map<string, number>();

  constructor(
    private readonly limits: Record<CitationEngineId, number>,
    private readonly now: () => Date,
    private readonly spentBefore: SpentBefore = async () => 0,
  ) {}

  async prepare(engine: CitationEngineId): Promise<void> {
    const key = `${utcDay(this.now())}|${engine}`;
    if (!this.#used.has(key)) {
      const spent = await this.spentBefore(engine, utcDay(this.now()));
      if (!this.#used.has(key)) this.#used.set(key, spent);
    }
  }

  take(engine: CitationEngineId): void {
    const key = `${utcDay(this.now())}|${engine}`;
    const used = this.#used.get(key) ?? 0;
    const limit = this.limits[engine];
    if (used >= limit) {
      throw new EngineError('budget', `daily budget exhausted: ${limit} ${engine} requests per day (CITATION_DAILY_BUDGET)`);
    }
    this.#used.set(key, used + 1);
  }

  used(engine: CitationEngineId): number {
    return this.#used.get(`${utcDay(this.now())}|${engine}`) ?? 0;
  }
}

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
