/**
 * Monitors without Redis: every process looks for due monitors on its own timer (MONITOR_TICK, default
 * 30 s) and at start. With several processes on one PostgreSQL database each due time still runs once:
 * the store's claim decides.
 */
import type { Logger } from '../logging/logger.js';
import type { MonitorService } from './monitor-service.js';

export interface MonitorScheduler {
  /** Releases a previous process's interrupted runs, runs what is due, and keeps looking. */
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly kind: 'in-process' | 'bullmq';
}

export function createInProcessMonitorScheduler(service: MonitorService, options: { tickMs: number; logger: Logger }): MonitorScheduler {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      service
        .pass()
        .catch((error: unknown) => options.logger.error('monitor pass failed', { error: String(error) }))
        .finally(schedule);
    }, options.tickMs);
    timer.unref();
  };
  return {
    kind: 'in-process',
    async start() {
      stopped = false;
      await service.recover();
      await service.pass();
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
