/**
 * A daily allowance of provider requests per engine (CITATION_DAILY_BUDGET), counted per UTC day of the
 * injected clock. The count lives in a tally: this process's memory by default, Redis when several
 * processes share the work (REDIS_URL), so N processes spend one budget, not N. A day's count starts from
 * what stored rows already spent that day (`spentBefore`), so a restart does not hand the budget out twice.
 */
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';
import { EngineError } from '../engines/engine-error.js';

export type SpentBefore = (engine: CitationEngineId, day: string) => Promise<number>;

/** Where the day's counts live. */
export interface BudgetTally {
  /** Adds one to `key`, first seeding it with `seed()` when the key is new; resolves with the new count. */
  add(key: string, seed: () => Promise<number>): Promise<number>;
  /** The current count of `key` (0 when unknown). */
  peek(key: string): Promise<number>;
}

/** The tally of one process. */
export class MemoryTally implements BudgetTally {
  readonly #counts = new Map<string, number>();
  readonly #seeding = new Map<string, Promise<void>>();

  async add(key: string, seed: () => Promise<number>): Promise<number> {
    if (!this.#counts.has(key)) {
      // Concurrent first adds share one seed, so none of their increments is overwritten.
      let seeding = this.#seeding.get(key);
      if (!seeding) {
        seeding = seed().then((n) => void (this.#counts.has(key) || this.#counts.set(key, n)));
        this.#seeding.set(key, seeding);
        seeding.finally(() => this.#seeding.delete(key)).catch(() => undefined);
      }
      await seeding;
    }
    const next = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, next);
    return next;
  }

  async peek(key: string): Promise<number> {
    return this.#counts.get(key) ?? 0;
  }
}

export class DailyBudget {
  constructor(
    private readonly limits: Record<CitationEngineId, number>,
    private readonly now: () => Date,
    private readonly spentBefore: SpentBefore = async () => 0,
    private readonly tally: BudgetTally = new MemoryTally(),
  ) {}

  /** Counts one provider request; throws EngineError('budget') once the day's allowance is spent. */
  async take(engine: CitationEngineId): Promise<void> {
    const day = utcDay(this.now());
    const limit = this.limits[engine];
    const count = await this.tally.add(`${day}|${engine}`, () => this.spentBefore(engine, day));
    if (count > limit) {
      throw new EngineError('budget', `daily budget exhausted: ${limit} ${engine} requests per day (CITATION_DAILY_BUDGET)`);
    }
  }

  /** Requests counted today for this engine. */
  used(engine: CitationEngineId): Promise<number> {
    return this.tally.peek(`${utcDay(this.now())}|${engine}`);
  }
}

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
