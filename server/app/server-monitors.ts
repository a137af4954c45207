/**
 * Monitors as the server schedules them: with REDIS_URL a BullMQ repeatable job shared by every process
 * (with a watchdog that recreates it if Redis lost it), else a timer in this process. BullMQ loads only
 * when REDIS_URL asks for it.
 */
import type { Logger } from '../logging/logger.js';
import type { MonitorScheduler } from '../monitors/in-process-monitor-scheduler.js';
import { createInProcessMonitorScheduler } from '../monitors/in-process-monitor-scheduler.js';
import type { MonitorService } from '../monitors/monitor-service.js';
import type { ServerConfig } from '../settings/server-config.js';

export async function createNodeMonitorScheduler(
  service: MonitorService,
  config: Pick<ServerConfig, 'redisUrl' | 'monitorTickMs' | 'scheduleCheckMs'>,
  logger: Logger,
): Promise<MonitorScheduler> {
  if (!config.redisUrl) return createInProcessMonitorScheduler(service, { tickMs: config.monitorTickMs, logger });
  const { createBullmqMonitorScheduler } = await import('../monitors/bullmq-monitor-scheduler.js');
  return createBullmqMonitorScheduler(service, {
    redisUrl: config.redisUrl,
    tickMs: config.monitorTickMs,
    checkMs: config.scheduleCheckMs,
    logger,
  });
}
