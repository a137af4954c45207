/**
 * What the server runs for its operators (docs/operations.md): the process metrics, the queue gauges'
 * sources (the audit threads' waiting line, overdue webhook deliveries, and the BullMQ queues with
 * REDIS_URL), and the daily retention pass when RETENTION_DAYS is set. `stop` undoes it, before the store closes.
 */
import type { Logger } from '../logging/logger.js';
import { registerQueue, type QueueSample } from '../metrics/queue-metrics.js';
import { collectProcessMetrics } from '../metrics/registry.js';
import type { ServerConfig } from '../settings/server-config.js';
import type { Store } from '../store/contracts/store.js';
import { startRetention } from './retention.js';

export interface ServerOperations {
  stop(): Promise<void>;
}

export async function startServerOperations(deps: {
  config: Pick<ServerConfig, 'redisUrl' | 'retentionDays'>;
  store: Store;
  logger: Logger;
  waitingLine?: () => QueueSample;
}): Promise<ServerOperations> {
  const { config, store, logger } = deps;
  collectProcessMetrics();
  const stops: Array<() => Promise<void> | void> = [];
  if (deps.waitingLine) stops.push(registerQueue('audits', deps.waitingLine));
  stops.push(
    registerQueue('webhook_deliveries', async () => {
      // The outbox is counted by its oldest due attempt: how long a due delivery has waited for its send.
      const due = await (await store.webhooks()).nextDueMs();
      return { depth: null, oldestAgeSeconds: due === null ? 0 : Math.max(0, (Date.now() - due) / 1000) };
    }),
  );
  if (config.redisUrl) {
    const { registerBullmqQueues } = await import('./bullmq-queue-metrics.js');
    stops.push(registerBullmqQueues(config.redisUrl));
  }
  if (config.retentionDays > 0) {
    const retention = startRetention({ store, days: config.retentionDays, logger });
    stops.push(() => retention.stop());
  }
  return {
    async stop() {
      for (const stop of stops.reverse()) await stop();
    },
  };
}
