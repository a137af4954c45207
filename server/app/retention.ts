/**
 * RETENTION_DAYS (docs/operations.md#retention): once a day, audits and citation rows (and, once stored,
 * traffic rollups) older than that many days are removed. Every process looks every hour; the store's
 * onceForDay lets exactly one of them run the day's pass (PostgreSQL: an advisory lock and a row per day;
 * the embedded store: its one server, and maintenance.json), so a restart or a second process never runs
 * it twice, and a day a pass failed is tried again at the next look.
 */
import type { Logger } from '../logging/logger.js';
import { countExpired } from '../metrics/work-metrics.js';
import type { Store } from '../store/contracts/store.js';

const DAY_MS = 86_400_000;
const LOOK_EVERY_MS = 3_600_000;

export interface RetentionOptions {
  store: Store;
  days: number;
  logger: Logger;
  now?: () => Date;
  /** How often to look whether today's pass ran (default an hour). */
  lookEveryMs?: number;
}

export interface Retention {
  /** Looks once now (the timer calls it); resolves when any pass it started is over. */
  look(): Promise<void>;
  stop(): Promise<void>;
}

/** The pass, for a day: what is older than `days` before `now`. */
export async function retentionPass(store: Store, days: number, now: Date, logger: Logger): Promise<boolean> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  return store.onceForDay('retention', now.toISOString().slice(0, 10), async () => {
    const started = performance.now();
    const removed = await store.expireBefore(cutoff);
    countExpired({ ...removed });
    logger.info('retention pass', { before: cutoff.toISOString(), ...removed, duration_ms: Math.round(performance.now() - started) });
  });
}

export function startRetention(options: RetentionOptions): Retention {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const look = () => {
    if (stopped) return running;
    running = running.then(async () => {
      try {
        await retentionPass(options.store, options.days, now(), options.logger);
      } catch (error) {
        options.logger.error('retention pass failed; it runs again at the next look', { error: String(error) });
      }
    });
    return running;
  };
  const timer = setInterval(() => void look(), options.lookEveryMs ?? LOOK_EVERY_MS);
  timer.unref();
  void look();
  return {
    look,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
