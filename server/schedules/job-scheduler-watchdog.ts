/**
 * Keeps a BullMQ job scheduler (a repeatable job) in Redis. The store, not Redis, is the record of what
 * is scheduled: if Redis loses its data (FLUSHALL, a restart without persistence, a failover to an empty
 * replica) the repeatable job vanishes and, without this, nothing scheduled would run again until a
 * process restarted, silently. Every process looks every SCHEDULE_CHECK_INTERVAL (default 1 min): a
 * missing scheduler is recreated with the same settings, a warning is logged, and `onRecreated` catches
 * up at once (a due pass). Recreating is idempotent, so two processes noticing together is harmless.
 */
import type { Queue } from 'bullmq';
import type { Logger } from '../logging/logger.js';

export interface JobSchedulerSpec {
  id: string;
  everyMs: number;
  /** The job each repetition adds. */
  jobName: string;
}

export interface Watchdog {
  /** One look now: true when the scheduler was missing and has been recreated. */
  check(): Promise<boolean>;
  stop(): void;
}

export async function upsertScheduler(queue: Queue, spec: JobSchedulerSpec): Promise<void> {
  await queue.upsertJobScheduler(
    spec.id,
    { every: spec.everyMs },
    { name: spec.jobName, opts: { removeOnComplete: true, removeOnFail: true } },
  );
}

export function watchJobScheduler(
  queue: Queue,
  spec: JobSchedulerSpec,
  options: { intervalMs: number; logger: Logger; onRecreated?: () => Promise<unknown> },
): Watchdog {
  let checking: Promise<boolean> | null = null;
  const check = (): Promise<boolean> => {
    checking ??= (async () => {
      if (await queue.getJobScheduler(spec.id)) return false;
      await upsertScheduler(queue, spec);
      options.logger.warn('schedule missing in Redis (Redis lost its data?): recreated it from the store', {
        queue: queue.name,
        scheduler: spec.id,
        every_ms: spec.everyMs,
      });
      await options.onRecreated?.();
      return true;
    })().finally(() => (checking = null));
    return checking;
  };
  const timer = setInterval(() => {
    check().catch((error: unknown) =>
      options.logger.debug('schedule check failed (Redis unreachable?)', { scheduler: spec.id, error: String(error) }),
    );
  }, options.intervalMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
