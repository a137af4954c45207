/**
 * Log ingests scaled out (REDIS_URL and PostgreSQL): the API process spools each upload and queues a job on the
 * BullMQ queue `traffic-ingests` (its id is the ingest's, so queueing twice is a no-op); `citable worker`
 * processes take the jobs and read the spool file from the ingest's cursor, committing chunk by chunk
 * (./read-ingest.ts). A worker killed mid-file leaves its job stalled: after the lock BullMQ gives it to another
 * worker, which reads on from the last committed chunk, so every line counts once. A worker stopped with
 * SIGTERM stops at its next committed chunk and hands the job back. Workers must read the spool directory the
 * API writes (LOG_SPOOL_DIR, docs/operations.md).
 */
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { JOB_LOCK_MS, QUEUE_PREFIX, STALL_CHECK_MS } from '../util/queue-timing.js';
import type { Logger } from '../logging/logger.js';
import type { StoredIngest } from '../store/contracts/traffic.js';
import { CursorMoved } from './ingest-runner.js';
import { readIngest, type ReadIngestOptions } from './read-ingest.js';
import type { IngestQueue } from './traffic-service.js';

export const INGEST_QUEUE = 'traffic-ingests';

interface IngestJob {
  ingestId: string;
  projectId: string;
}

function redis(redisUrl: string): Redis {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: null, connectionName: 'citable-traffic' });
  client.on('error', () => undefined); // ioredis reconnects; BullMQ reports what fails
  return client;
}

/** The API side: queues ingests for the workers. */
export function openIngestQueue(redisUrl: string, logger: Logger): IngestQueue {
  const connection = redis(redisUrl);
  const queue = new Queue<IngestJob>(INGEST_QUEUE, { connection, prefix: QUEUE_PREFIX });
  queue.on('error', (error) => logger.warn('traffic queue error', { error: String(error) }));
  return {
    async add(ingest: StoredIngest) {
      await queue.add(
        'ingest',
        { ingestId: ingest.id, projectId: ingest.project_id },
        { jobId: ingest.id, attempts: 1_000_000, backoff: { type: 'fixed', delay: 1_000 }, removeOnComplete: true, removeOnFail: true },
      );
    },
    async close() {
      await queue.close().catch(() => undefined);
      connection.disconnect();
    },
  };
}

export interface IngestWorker {
  /** Ingests this process read to their end (figures and tests). */
  readonly done: number;
  close(): Promise<void>;
}

/** The worker side: reads queued ingests, one at a time per process. */
export function startIngestWorker(options: ReadIngestOptions & { redisUrl: string }): IngestWorker {
  const { logger } = options;
  const connection = redis(options.redisUrl);
  let stopping = false;
  let done = 0;
  const worker = new Worker<IngestJob>(
    INGEST_QUEUE,
    async (job) => {
      if (await runIngestJob(job, options, () => stopping)) done++;
    },
    {
      connection,
      prefix: QUEUE_PREFIX,
      concurrency: 1,
      lockDuration: JOB_LOCK_MS,
      stalledInterval: STALL_CHECK_MS,
      maxStalledCount: 1_000,
    },
  );
  worker.on('error', (error) => logger.warn('traffic worker error', { error: String(error) }));
  worker.on('stalled', (id) =>
    logger.warn('ingest job stalled: the worker reading it stopped answering; a worker reads on from its cursor', { ingest_id: id }),
  );
  return {
    get done() {
      return done;
    },
    async close() {
      if (stopping) return;
      stopping = true;
      await worker.close();
      connection.disconnect();
    },
  };
}

/** One ingest job: true when this worker read the ingest to its end. */
async function runIngestJob(job: Job<IngestJob>, options: ReadIngestOptions, stopping: () => boolean): Promise<boolean> {
  const { logger } = options;
  const traffic = await options.traffic();
  const { ingestId, projectId } = job.data;
  const before = await traffic.getIngest(projectId, ingestId);
  if (!before) {
    // The API stored the ingest before queueing it: this worker reads another database. Back to the queue.
    logger.warn("ingest job for an upload this worker's database does not have: give it the API servers' DATABASE_URL", {
      ingest_id: ingestId,
    });
    throw new Error(`ingest ${ingestId} is not in this worker's database`);
  }
  if (before.status === 'done' || before.status === 'failed') return false; // ended meanwhile
  logger.info(before.status === 'queued' && before.offset === 0 ? 'ingest started' : 'ingest taken over', {
    ingest_id: ingestId,
    offset: before.offset,
    lines: before.lines,
  });
  try {
    await readIngest(options, before, stopping);
  } catch (error) {
    if (!(error instanceof CursorMoved)) throw error;
    logger.warn('ingest read by another worker meanwhile: left to it', { ingest_id: ingestId });
    return false;
  }
  const after = await traffic.getIngest(projectId, ingestId);
  if (after?.status === 'ingesting' || after?.status === 'queued') {
    // Stopped by this worker's shutdown at a committed chunk: the job goes back to the queue, another reads on.
    logger.info('ingest handed back', { ingest_id: ingestId, offset: after.offset, lines: after.lines });
    throw new Error('the worker stopped before the ingest ended');
  }
  logger.info(after?.status === 'done' ? 'ingest done' : 'ingest failed', {
    ingest_id: ingestId,
    lines: after?.lines,
    error: after?.error,
  });
  return after?.status === 'done';
}
