/**
 * Runs stored checks in this process: records the check (so a restart can resume it), leases its
 * prompts (two overlapping checks never ask about the same prompt: the second skips it), runs the
 * pairs through the engine gate, stores each row as soon as it exists, and records the end.
 * On shutdown running checks are cancelled without writing rows for unfinished pairs; they stay
 * `running` on disk and `resumeUnfinished` picks up exactly the pairs that have no row yet.
 */
import { CITATION_ENGINE_IDS, type CitationEngineId } from '../../shared/schema/citation-engines.js';
import type { Logger } from '../logging/logger.js';
import type { CitationStore, StoredCheck, StoredPrompt } from '../store/citations-store.js';
import { randomBase62 } from '../util/base62.js';
import type { CheckEnvironment } from './check/check-environment.js';
import type { PairTask } from './check/run-pair.js';
import { runPairs } from './check/run-pairs.js';

export interface CheckRunnerDeps {
  store: () => Promise<CitationStore>;
  env: CheckEnvironment;
  now: () => Date;
  logger: Logger;
}

type Pair = StoredCheck['pairs'][number];

export class CitationCheckRunner {
  /** prompt id → the check running it. */
  readonly #leases = new Map<string, string>();
  readonly #running = new Map<string, Promise<void>>();
  /** account id → its running manual check. */
  readonly #manual = new Map<string, Promise<StoredCheck>>();
  readonly #abort = new AbortController();

  constructor(private readonly deps: CheckRunnerDeps) {}

  /** POST /citations/checks: every prompt of the account, every engine. A check already running for the account is returned instead. */
  checkAccount(accountId: string): Promise<StoredCheck> {
    const existing = this.#manual.get(accountId);
    if (existing) return existing;
    const starting = (async () => {
      const store = await this.deps.store();
      const prompts = await store.listPrompts(accountId);
      const pairs = prompts.flatMap((p) => CITATION_ENGINE_IDS.map((engine) => ({ prompt_id: p.id, engine })));
      return this.#start(store, { accountId, trigger: 'manual', pairs, prompts });
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

  /**
   * The scheduler's pass: each (prompt, engine) whose latest row is older than `intervalMs`, or that has
   * none, or that said not_configured while the engine now has its key (configured after a restart).
   */
  async checkDue(intervalMs: number): Promise<StoredCheck | null> {
    const store = await this.deps.store();
    const { engines, config } = this.deps.env;
    const cutoff = this.deps.now().getTime() - intervalMs;
    const prompts = await store.allPrompts();
    const pairs: Pair[] = [];
    for (const prompt of prompts) {
      const latest = await store.latestResults(prompt.id);
      for (const engine of CITATION_ENGINE_IDS) {
        const row = latest[engine];
        const newlyConfigured = row?.status === 'not_configured' && engines[engine].isConfigured(config);
        if (!row || newlyConfigured || Date.parse(row.checked_at) <= cutoff) pairs.push({ prompt_id: prompt.id, engine });
      }
    }
    const free = pairs.filter((p) => !this.#leases.has(p.prompt_id));
    if (free.length === 0) return null;
    return this.#start(store, { accountId: null, trigger: 'schedule', pairs, prompts });
  }

  /** After a restart: runs what checks left `running` had not finished, under their own ids. */
  async resumeUnfinished(): Promise<StoredCheck[]> {
    const store = await this.deps.store();
    const resumed: StoredCheck[] = [];
    const live = new Map((await store.allPrompts()).map((p) => [p.id, p]));
    for (const check of await store.unfinishedChecks()) {
      if (this.#running.has(check.id)) continue;
      const since = Date.parse(check.created_at);
      const left: Pair[] = [];
      const prompts: StoredPrompt[] = [];
      for (const pair of check.pairs) {
        const prompt = live.get(pair.prompt_id);
        if (!prompt) continue; // deleted since
        const row = (await store.latestResults(pair.prompt_id))[pair.engine];
        if (row && Date.parse(row.checked_at) >= since) continue; // done before the restart
        left.push(pair);
        if (!prompts.includes(prompt)) prompts.push(prompt);
      }
      this.deps.logger.info('resuming citation check', { check_id: check.id, pairs_left: left.length });
      this.#launch(store, check, left, prompts);
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

  async #start(
    store: CitationStore,
    plan: { accountId: string | null; trigger: StoredCheck['trigger']; pairs: Pair[]; prompts: StoredPrompt[] },
  ): Promise<StoredCheck> {
    const promptIds = [...new Set(plan.pairs.map((p) => p.prompt_id))];
    const skipped = new Set(promptIds.filter((id) => this.#leases.has(id)));
    const pairs = plan.pairs.filter((p) => !skipped.has(p.prompt_id));
    const id = `chk_${randomBase62(16)}`;
    for (const promptId of promptIds) if (!skipped.has(promptId)) this.#leases.set(promptId, id); // before any await: no race
    const check: StoredCheck = {
      id,
      account_id: plan.accountId,
      trigger: plan.trigger,
      status: pairs.length > 0 ? 'running' : 'completed',
      created_at: this.deps.now().toISOString(),
      finished_at: pairs.length > 0 ? null : this.deps.now().toISOString(),
      pairs,
      prompt_count: promptIds.length - skipped.size,
      skipped_prompts: skipped.size,
    };
    try {
      await store.putCheck(check);
    } catch (error) {
      this.#release(id);
      throw error;
    }
    if (pairs.length > 0) this.#launch(store, check, pairs, plan.prompts);
    return check;
  }

  #launch(store: CitationStore, check: StoredCheck, pairs: Pair[], prompts: StoredPrompt[]): void {
    for (const pair of pairs) if (!this.#leases.has(pair.prompt_id)) this.#leases.set(pair.prompt_id, check.id);
    const byId = new Map(prompts.map((p) => [p.id, p]));
    const tasks: PairTask[] = pairs.flatMap((pair) => {
      const prompt = byId.get(pair.prompt_id);
      return prompt ? [{ prompt, engine: pair.engine as CitationEngineId, checkId: check.id }] : [];
    });
    const run = (async () => {
      const outcome = await runPairs(tasks, this.deps.env, {
        signal: this.#abort.signal,
        onRow: async ({ row, calls }) => {
          const prompt = byId.get(row.prompt_id)!;
          await store.appendResult({ ...row, account_id: prompt.account_id, calls });
        },
      });
      if (outcome.cancelled) return; // stays `running`: resumed at the next start
      const failed = outcome.unsaved > 0;
      await store.putCheck({
        ...check,
        status: failed ? 'failed' : 'completed',
        finished_at: this.deps.now().toISOString(),
        ...(failed ? { error: `${outcome.unsaved} result rows could not be stored` } : {}),
      });
    })()
      .catch((error: unknown) => this.deps.logger.error('citation check failed', { check_id: check.id, error: String(error) }))
      .finally(() => {
        this.#release(check.id);
        this.#running.delete(check.id);
      });
    this.#running.set(check.id, run);
  }

  #release(checkId: string): void {
    for (const [promptId, holder] of this.#leases) if (holder === checkId) this.#leases.delete(promptId);
  }
}
