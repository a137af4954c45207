/**
 * Log uploads in the server process: receive (spool, hash, one ingest per project and bytes), then read each
 * ingest in the background, one at a time, from its cursor; at start, the ingests a stopped process left
 * unfinished are resumed. The spooled file is removed once its ingest is done.
 */
import { randomBytes } from 'node:crypto';
import { access, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Logger } from '../logging/logger.js';
import type { StoredIngest, TrafficStore } from '../store/contracts/traffic.js';
import type { SnapshotSource } from '../../shared/logs/ranges/ranges-snapshot.js';
import { IngestStopped, runIngest, type IngestRun } from './ingest-runner.js';
import { spoolFileOf, spoolUpload } from './spool-upload.js';

export const LOG_UPLOAD_MAX_BYTES_DEFAULT = 2 * 1024 ** 3;

export interface TrafficServiceOptions {
  traffic: () => Promise<TrafficStore>;
  /** Where uploads are spooled (DATA_DIR/traffic/spool in the server). */
  spoolDir: string;
  maxUploadBytes: number;
  now: () => Date;
  logger: Logger;
  chunkBytes?: number;
  /** The address ranges hits are verified with, read at the start of each ingest (default: the shipped snapshot). */
  ranges?: () => Promise<readonly SnapshotSource[]>;
  onChunk?: (ingest: StoredIngest, parts: Parameters<NonNullable<IngestRun['onChunk']>>[0]) => Promise<void> | void;
}

export interface TrafficService {
  /** Spools the request's body and answers its ingest; `created` false when the project had these bytes already. */
  receive(req: IncomingMessage, accountId: string, projectId: string): Promise<{ ingest: StoredIngest; created: boolean }>;
  /** Starts the ingests left unfinished. */
  resume(): Promise<void>;
  /** Resolves when no ingest is waiting or running (tests, shutdown). */
  idle(): Promise<void>;
  /**
   * Shutdown: the ingest under way stops at its next committed chunk (its cursor), the waiting ones are left
   * queued; all resume at the next start. Resolves once nothing runs.
   */
  stop(): Promise<void>;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const newIngestId = () => `ing_${[...randomBytes(16)].map((b) => BASE62[b % 62]).join('')}`;

export function createTrafficService(options: TrafficServiceOptions): TrafficService {
  let line: Promise<void> = Promise.resolve();
  const queued = new Set<string>();
  let stopping = false;

  const work = (ingest: StoredIngest) => (stopping ? Promise.resolve() : readIngest(options, ingest, () => stopping));

  const enqueue = (ingest: StoredIngest) => {
    if (queued.has(ingest.id)) return;
    queued.add(ingest.id);
    line = line.then(() => work(ingest)).finally(() => queued.delete(ingest.id));
  };

  return {
    async receive(req, accountId, projectId) {
      const spooled = await spoolUpload(req, options.spoolDir, projectId, options.maxUploadBytes);
      const traffic = await options.traffic();
      const at = options.now().toISOString();
      const result = await traffic.createIngest({
        id: newIngestId(),
        account_id: accountId,
        project_id: projectId,
        sha256: spooled.sha256,
        status: 'queued',
        bytes: spooled.bytes,
        lines: 0,
        offset: 0,
        problems: [],
        error: null,
        created_at: at,
        updated_at: at,
      });
      const { ingest } = result;
      if (result.created) enqueue(ingest);
      else if (ingest.status === 'failed') {
        // The same bytes again after a failure: read on from the cursor.
        await traffic.setIngestStatus(ingest.id, 'queued', null, at);
        enqueue({ ...ingest, status: 'queued' });
        return { ingest: { ...ingest, status: 'queued', error: null }, created: false };
      } else if (ingest.status === 'done') await rm(spooled.file, { force: true });
      return result;
    },
    async resume() {
      for (const ingest of await (await options.traffic()).listUnfinishedIngests()) enqueue(ingest);
    },
    async idle() {
      for (;;) {
        const current = line;
        await current;
        if (current === line) return;
      }
    },
    async stop() {
      stopping = true;
      await this.idle();
    },
  };
}

/** Reads one ingest from its stored cursor to its end; a failure is recorded on it, never thrown. */
async function readIngest(options: TrafficServiceOptions, queuedIngest: StoredIngest, stopping: () => boolean): Promise<void> {
  const traffic = await options.traffic();
  const ingest = (await traffic.getIngest(queuedIngest.project_id, queuedIngest.id)) ?? queuedIngest; // its cursor now
  const file = spoolFileOf(options.spoolDir, ingest.project_id, ingest.sha256);
  const at = () => options.now().toISOString();
  try {
    await access(file);
  } catch {
    await traffic.setIngestStatus(ingest.id, 'failed', 'the uploaded file is no longer on this server: upload it again', at());
    return;
  }
  try {
    await traffic.setIngestStatus(ingest.id, 'ingesting', null, at());
    const run: IngestRun = {
      traffic,
      now: options.now,
      chunkBytes: options.chunkBytes,
      onChunk: (parts) => options.onChunk?.(ingest, parts),
      stopping,
      ...(options.ranges ? { ranges: await options.ranges() } : {}),
    };
    await runIngest(run, ingest, file);
    await traffic.setIngestStatus(ingest.id, 'done', null, at());
    await rm(file, { force: true });
  } catch (error) {
    if (error instanceof IngestStopped) return options.logger.info('traffic: an ingest stopped at its cursor', { ingest: ingest.id });
    options.logger.error('traffic: an ingest failed', { ingest: ingest.id, error: String(error) });
    await traffic.setIngestStatus(ingest.id, 'failed', 'the log could not be read to its end; upload it again to resume', at());
  }
}
