/**
 * Monitors with REDIS_URL: one BullMQ repeatable job ("monitors-due-pass", every MONITOR_TICK) whose
 * each repetition is run by one process, which claims and runs the due monitors (MonitorService.pass).
 * The store's claim still decides what runs, so a repetition run twice, or a pass started by "run now"
 * meanwhile, never runs a due time twice. A watchdog in every process recreates the repeatable job if
 * Redis lost it (../schedules/job-scheduler-watchdog.ts). Queue keys live under `citable:bull:monitors`.
 */
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../logging/logger.js';
import { upsertScheduler, watchJobScheduler, type Watchdog } from '../schedules/job-scheduler-watchdog.js';
import type { MonitorScheduler } from './in-process-monitor-scheduler.js';
import type { MonitorService } from './monitor-service.js';

export const MONITOR_QUEUE_NAME = 'monitors';
export const MONITOR_QUEUE_PREFIX = 'citable:bull';
export const MONITOR_DUE_PASS = 'monitors-due-pass';

export interface BullmqMonitorSchedulerOptions {
  redisUrl: string;
  tickMs: number;
  /** How often every process checks that the repeatable job still exists (SCHEDULE_CHECK_INTERVAL). */
  checkMs: number;
  logger: Logger;
}

export function createBullmqMonitorScheduler(
  service: MonitorService,
  options: BullmqMonitorSchedulerOptions,
): MonitorScheduler & { queue: Queue } {
  const connections: Redis[] = [];
  const connection = () => {
    const client = new Redis(options.redisUrl, { maxRetriesPerRequest: null, connectionName: 'citable-monitors' });
    client.on('error', () => undefined); // ioredis reconnects; BullMQ reports what fails
    connections.push(client);
    return client;
  };
  const queue = new Queue(MONITOR_QUEUE_NAME, { connection: connection(), prefix: MONITOR_QUEUE_PREFIX });
  queue.on('error', (error) => options.logger.warn('monitor queue error', { error: String(error) }));
  const spec = { id: MONITOR_DUE_PASS, everyMs: options.tickMs, jobName: 'due-pass' };
  let worker: Worker | null = null;
  let watchdog: Watchdog | null = null;

  return {
    kind: 'bullmq',
    queue,
    async start() {
      await service.recover();
      await upsertScheduler(queue, spec);
      worker = new Worker(MONITOR_QUEUE_NAME, async () => service.pass(), {
        connection: connection(),
        prefix: MONITOR_QUEUE_PREFIX,
        concurrency: 1,
      });
      worker.on('error', (error) => options.logger.warn('monitor worker error', { error: String(error) }));
      watchdog = watchJobScheduler(queue, spec, { intervalMs: options.checkMs, logger: options.logger, onRecreated: () => service.pass() });
      await service.pass();
    },
    async stop() {
      watchdog?.stop();
      if (worker) await worker.close();
      worker = null;
      await queue.close();
      for (const client of connections.splice(0)) client.disconnect();
    },
  };
}
