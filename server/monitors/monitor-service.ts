/**
 * Runs what is due. `pass()` claims due monitors from the store (the claim is atomic across processes,
 * so each due time is taken once) up to this process's free run slots, and runs them in the background,
 * keeping each lease alive while it runs and recording the outcome. The in-process scheduler calls
 * `pass()` on a timer; with REDIS_URL a BullMQ repeatable job calls it in one process at a time
 * (./bullmq-monitor-scheduler.ts). Either way the store decides what runs.
 */
import type { Logger } from '../logging/logger.js';
import type { ClaimPolicy, MonitorRunOutcome, MonitorStore, StoredMonitor } from '../store/contracts/monitors.js';

export interface MonitorServiceOptions {
  store: () => Promise<MonitorStore>;
  run: (monitor: StoredMonitor, signal: AbortSignal) => Promise<MonitorRunOutcome | null>;
  logger: Logger;
  now?: () => number;
  /** Runs at once in this process (they share the audit runner with the API). */
  maxRunning?: number;
  /** How long a claim holds a monitor without a heartbeat (default 2 min); renewed every third of it. */
  leaseMs?: number;
  /** Fair shares across accounts and each account's run budget, counted in the store (so across processes); none: oldest due first. */
  policy?: ClaimPolicy;
}

export class MonitorService {
  readonly #running = new Map<string, Promise<void>>();
  readonly #abort = new AbortController();
  readonly #now: () => number;
  readonly #maxRunning: number;
  readonly #leaseMs: number;
  #passing: Promise<number> | null = null;
  #again = false;
  #stopped = false;

  constructor(private readonly options: MonitorServiceOptions) {
    this.#now = options.now ?? (() => Date.now());
    this.#maxRunning = options.maxRunning ?? 2;
    this.#leaseMs = options.leaseMs ?? 120_000;
  }

  get running(): number {
    return this.#running.size;
  }

  /** At start: runs a previous process of this data directory left unfinished start again at once. */
  async recover(): Promise<void> {
    const released = await (await this.options.store()).releaseOrphanedLeases();
    if (released > 0) this.options.logger.info('monitor runs interrupted by a restart will run again', { monitors: released });
  }

  /**
   * Claims and starts what is due now; resolves with how many runs it started. One pass at a time (a call during a pass runs another after
   * it).
   */
  pass(): Promise<number> {
    if (this.#passing) {
      this.#again = true;
      return this.#passing;
    }
    this.#passing = this.#claimAndRun().finally(() => {
      this.#passing = null;
      if (this.#again && !this.#stopped) {
        this.#again = false;
        void this.pass().catch((error: unknown) => this.options.logger.error('monitor pass failed', { error: String(error) }));
      }
    });
    return this.#passing;
  }

  /**
   * POST /monitors/{id}/run: asks for a run and starts it here if a slot is free (else at the next pass). A paused monitor comes back with
   * `paused_at` set and nothing asked.
   */
  async runNow(accountId: string, id: string): Promise<StoredMonitor | null> {
    const monitor = await (await this.options.store()).requestRun(accountId, id, this.#now());
    if (monitor && monitor.paused_at === null) await this.pass();
    return monitor;
  }

  /** PATCH /monitors/{id}: pauses or resumes; a resumed monitor that came due while paused runs at once (one catch-up run). */
  async setPaused(accountId: string, id: string, paused: boolean): Promise<StoredMonitor | null> {
    const monitor = await (await this.options.store()).setPaused(accountId, id, paused, this.#now());
    if (monitor && !paused) await this.pass();
    return monitor;
  }

  /** Resolves when no run is in progress (tests). */
  async whenIdle(): Promise<void> {
    while (this.#running.size > 0 || this.#passing) await Promise.allSettled([this.#passing, ...this.#running.values()]);
  }

  /**
   * Stops claiming and waits up to `graceMs` for running runs; then `cancel` stops them (they keep their lease: run again at the restart).
   */
  async stop(graceMs = 5_000, cancel: () => void = () => undefined): Promise<void> {
    this.#stopped = true;
    await this.#passing?.catch(() => 0);
    const settled = Promise.allSettled([...this.#running.values()]);
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      settled.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
    clearTimeout(timer);
    if (!inTime) {
      this.#abort.abort();
      cancel();
      await settled;
    }
  }

  async #claimAndRun(): Promise<number> {
    if (this.#stopped) return 0;
    const free = this.#maxRunning - this.#running.size;
    if (free <= 0) return 0;
    const store = await this.options.store();
    const claimed = await store.claimDue(this.#now(), this.#leaseMs, free, this.options.policy);
    for (const monitor of claimed) this.#launch(store, monitor);
    return claimed.length;
  }

  #launch(store: MonitorStore, monitor: StoredMonitor): void {
    const logger = this.options.logger;
    logger.info('monitor run', { monitor_id: monitor.id, kind: monitor.kind, url: monitor.url });
    const heartbeat = setInterval(
      () => {
        store
          .extendLease(monitor.id, this.#now() + this.#leaseMs)
          .catch((error: unknown) => logger.warn('monitor lease not renewed', { monitor_id: monitor.id, error: String(error) }));
      },
      Math.max(1_000, Math.floor(this.#leaseMs / 3)),
    );
    heartbeat.unref();
    const run = (async () => {
      const outcome = await this.options.run(monitor, this.#abort.signal);
      if (!outcome) return; // stopping: the lease stays, the run starts again after the restart
      await store.finishRun(monitor.id, outcome);
      if (outcome.error) logger.warn('monitor run produced nothing', { monitor_id: monitor.id, error: outcome.error });
      else logger.info('monitor run finished', { monitor_id: monitor.id, result_id: outcome.result_id });
    })()
      .catch((error: unknown) => logger.error('monitor run failed', { monitor_id: monitor.id, error: String(error) }))
      .finally(() => {
        clearInterval(heartbeat);
        this.#running.delete(monitor.id);
        if (!this.#stopped) void this.pass().catch(() => 0); // a slot is free: more may be due
      });
    this.#running.set(monitor.id, run);
  }
}
