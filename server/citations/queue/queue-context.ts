/** What the parts of the BullMQ scheduler share: the store, the check environment, the queue and Redis coordination. */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../../logging/logger.js';
import type { CitationStore } from '../../store/contracts/citations.js';
import type { CheckEnvironment } from '../check/check-environment.js';
import { Coordination } from './coordination.js';

export const QUEUE_NAME = 'citations';
export const QUEUE_PREFIX = 'citable:bull';

export interface QueueContext {
  store: () => Promise<CitationStore>;
  env: CheckEnvironment;
  logger: Logger;
  queue: Queue;
  coordination: Coordination;
  /** A new Redis connection (BullMQ's worker needs one of its own); closed by `disconnect`. */
  connection(): Redis;
  disconnect(): void;
}

export function createQueueContext(options: {
  redisUrl: string;
  store: () => Promise<CitationStore>;
  env: CheckEnvironment;
  logger: Logger;
  leaseMs: number;
}): QueueContext {
  const connections: Redis[] = [];
  const connection = () => {
    const client = new Redis(options.redisUrl, { maxRetriesPerRequest: null, connectionName: 'citable-citations' });
    client.on('error', () => undefined); // ioredis reconnects; BullMQ reports what fails
    connections.push(client);
    return client;
  };
  const queue = new Queue(QUEUE_NAME, { connection: connection(), prefix: QUEUE_PREFIX });
  queue.on('error', (error) => options.logger.warn('citation queue error', { error: String(error) }));
  return {
    store: options.store,
    env: options.env,
    logger: options.logger,
    queue,
    coordination: new Coordination(connection(), options.leaseMs),
    connection,
    disconnect: () => {
      for (const client of connections.splice(0)) client.disconnect();
    },
  };
}
