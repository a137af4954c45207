/**
 * When checks run. The in-process scheduler: at start it resumes checks a previous process left
 * unfinished, then checks whatever is due (each (prompt, engine) whose latest stored row is older than
 * CITATION_INTERVAL, or that has none: a new prompt is checked at the next pass); then it looks again
 * every `tickMs`. "Due" is read from stored rows, so a restart neither repeats a check done before it
 * nor forgets one. A Redis-backed queue (BullMQ, with REDIS_URL) can implement the same interface.
 */
import type { Logger } from '../logging/logger.js';
import type { StoredCheck } from '../store/contracts/citations.js';
import type { CitationCheckRunner } from './check-runner.js';
import type { CheckScope } from './check/plan-pairs.js';

export interface CitationScheduler {
  /** Resumes unfinished checks, runs what is due, and keeps doing so every interval. */
  start(): Promise<void>;
  /** One pass over what is due now (the timer calls this; tests call it with an injected clock). */
  tick(): Promise<StoredCheck | null>;
  /** Starts a check of the account's prompts (all, or those of the scope) now, in the background. */
  checkNow(accountId: string, scope?: CheckScope): Promise<StoredCheck>;
  /** The account's manual check while it runs, or null (POST /citations/checks answers it without spending its quota). */
  runningCheck(accountId: string): Promise<StoredCheck | null>;
  /** Stops the timer and cancels running checks (they resume at the next start). */
  stop(): Promise<void>;
}

export interface InProcessSchedulerOptions {
  runner: CitationCheckRunner;
  intervalMs: number;
  /** How often to look for due prompts (default: a minute, or the interval when shorter). */
  tickMs?: number;
  logger: Logger;
}

export function createInProcessScheduler(options: InProcessSchedulerOptions): CitationScheduler {
  const tickMs = options.tickMs ?? Math.min(options.intervalMs, 60_000);
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let passing: Promise<StoredCheck | null> | null = null;

  const tick = (): Promise<StoredCheck | null> => {
    // One pass at a time: a slow pass is not overtaken by the next timer.
    passing ??= options.runner
      .checkDue(options.intervalMs)
      .then((check) => {
        if (check) options.logger.info('scheduled citation check', { check_id: check.id, prompts: check.prompt_count });
        return check;
      })
      .finally(() => (passing = null));
    return passing;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      tick()
        .catch((error: unknown) => options.logger.error('citation schedule pass failed', { error: String(error) }))
        .finally(schedule);
    }, tickMs);
    timer.unref(); // never what keeps the process alive
  };

  return {
    async start() {
      stopped = false;
      await options.runner.resumeUnfinished();
      await tick();
      schedule();
    },
    tick,
    checkNow: (accountId, scope) => options.runner.checkAccount(accountId, scope),
    runningCheck: (accountId) => options.runner.runningCheck(accountId),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await passing?.catch(() => null);
      await options.runner.stop();
    },
  };
}
