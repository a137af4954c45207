/**
 * Runs stored checks in this process: records the check (so a restart can resume it), leases its
 * prompts in memory, runs the pairs through the engine gate, stores each row as soon as it exists, and
 * records the end. On shutdown running checks are cancelled without writing rows for unfinished pairs;
 * they stay `running` on disk and `resumeUnfinished` picks up exactly the pairs that have no row yet.
 */
import type { Logger } from '../logging/logger.js';
import type { CitationStore, StoredCheck } from '../store/contracts/citations.js';
import type { CheckEnvironment } from './check/check-environment.js';
import { closedCheck, openCheck, type CheckPlan, type OpenedCheck, type PromptLeases } from './check/check-record.js';
import { duePairs, everyPair, livePrompts, pairsLeft, promptsInScope, type CheckScope } from './check/plan-pairs.js';
import { runPairs } from './check/run-pairs.js';
import { storePairRow } from './check/store-pair-row.js';

export interface CheckRunnerDeps {
  store: () => Promise<CitationStore>;
  env: CheckEnvironment;
  now: () => Date;
  logger: Logger;
}

/** Prompt leases in this process's memory. Taken synchronously, so two checks started together never share a prompt. */
class MemoryLeases implements PromptLeases {
  /** prompt id → the check holding it. */
  readonly #holders = new Map<string, string>();

  has(promptId: string): boolean {
    return this.#holders.has(promptId);
  }

  async lease(promptIds: readonly string[], checkId: string): Promise<Set<string>> {
    return this.take(promptIds, checkId);
  }

  take(promptIds: readonly string[], checkId: string): Set<string> {
    const held = new Set<string>();
    for (const id of promptIds) {
      if (!this.#holders.has(id)) this.#holders.set(id, checkId);
      if (this.#holders.get(id) === checkId) held.add(id);
    }
    return held;
  }

  async release(promptIds: readonly string[], checkId: string): Promise<void> {
    for (const id of promptIds) if (this.#holders.get(id) === checkId) this.#holders.delete(id);
  }

  releaseAll(checkId: string): void {
    for (const [promptId, holder] of this.#holders) if (holder === checkId) this.#holders.delete(promptId);
  }
}

export class CitationCheckRunner {
  readonly #leases = new MemoryLeases();
  readonly #running = new Map<string, Promise<void>>();
  /** account id → its running manual check. */
  readonly #manual = new Map<string, Promise<StoredCheck>>();
  readonly #abort = new AbortController();

  constructor(private readonly deps: CheckRunnerDeps) {}

  /**
   * POST /citations/checks: every prompt of the account (or of the scope), every engine. A check already running for the
   * account is returned instead, whatever its scope.
   */
  checkAccount(accountId: string, scope: CheckScope = {}): Promise<StoredCheck> {
    const existing = this.#manual.get(accountId);
    if (existing) return existing;
    const starting = (async () => {
      const store = await this.deps.store();
      const pairs = everyPair(promptsInScope(await store.listPrompts(accountId), scope), this.deps.env.config.enabledEngines);
      return (await this.#open(store, { accountId, trigger: 'manual', pairs }))!; // a manual check is always stored
    })();
    this.#manual.set(accountId, starting); // before any await: a second request joins this check
    const forget = () => this.#manual.delete(accountId);
    starting.then((check) => {
      const running = this.#running.get(check.id);
      if (running) void running.finally(forget);
      else forget();
    }, forget);
    return starting;
  }

  /** The account's manual check while it runs, or null. */
  async runningCheck(accountId: string): Promise<StoredCheck | null> {
    const running = this.#manual.get(accountId);
    return running ? running.catch(() => null) : null;
  }

  /** The scheduler's pass over the pairs due now (plan-pairs.ts); null when every due prompt is being checked. */
  async checkDue(intervalMs: number): Promise<StoredCheck | null> {
    const store = await this.deps.store();
    const due = await duePairs(store, this.deps.env, intervalMs);
    return this.#open(store, { accountId: null, trigger: 'schedule', pairs: due });
  }

  /** After a restart: runs what checks left `running` had not finished, under their own ids. */
  async resumeUnfinished(): Promise<StoredCheck[]> {
    const store = await this.deps.store();
    const resumed: StoredCheck[] = [];
    const live = await livePrompts(store);
    for (const check of await store.unfinishedChecks()) {
      if (this.#running.has(check.id)) continue;
      const left = await pairsLeft(store, check, live);
      this.deps.logger.info('resuming citation check', { check_id: check.id, pairs_left: left.length });
      this.#leases.take([...new Set(left.map((p) => p.prompt.id))], check.id);
      this.#launch(store, { check, pairs: left });
      resumed.push(check);
    }
    return resumed;
  }

  /** Resolves when no check is running (tests, and shutdown after cancelling). */
  async whenIdle(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running.values()]);
  }

  /** Cancels running checks; their finished rows are stored, the rest resume at the next start. */
  async stop(): Promise<void> {
    this.#abort.abort();
    await this.whenIdle();
  }

  #open(store: CitationStore, plan: CheckPlan): Promise<StoredCheck | null> {
    return openCheck(store, this.#leases, plan, this.deps.now, { launch: (opened) => this.#launch(store, opened) });
  }

  #launch(store: CitationStore, { check, pairs }: OpenedCheck): void {
    const accountOf = new Map(pairs.map(({ prompt }) => [prompt.id, prompt.account_id]));
    const env = this.deps.env;
    const run = (async () => {
      const resolved = new Map<string, Awaited<ReturnType<NonNullable<typeof env.resolvePrompt>>>>();
      for (const { prompt } of pairs)
        if (!resolved.has(prompt.id)) resolved.set(prompt.id, env.resolvePrompt ? await env.resolvePrompt(prompt) : prompt);
      const outcome = await runPairs(
        pairs.map(({ prompt, engine }) => ({ prompt: resolved.get(prompt.id)!, engine, checkId: check.id })),
        env,
        {
          signal: this.#abort.signal,
          onRow: (result) =>
            storePairRow(store, accountOf.get(result.row.prompt_id)!, result, env.onPairStored, (error) =>
              this.deps.logger.error('citation onPairStored hook failed', { error: String(error) }),
            ),
        },
      );
      if (outcome.cancelled) return; // stays `running`: resumed at the next start
      await store.putCheck(closedCheck(check, outcome.unsaved, this.deps.now));
    })()
      .catch((error: unknown) => this.deps.logger.error('citation check failed', { check_id: check.id, error: String(error) }))
      .finally(() => {
        this.#leases.releaseAll(check.id);
        this.#running.delete(check.id);
      });
    this.#running.set(check.id, run);
  }
}
