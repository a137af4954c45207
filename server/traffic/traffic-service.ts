/**
 * Log uploads in the server process: receive (spool, hash, one ingest per project and bytes), then count them.
 * Without a queue the upload is counted while it arrives (./upload-parse.ts) and its chunks are committed once
 * it is known to be new; an ingest left unfinished (a stop, a crash, a failure) is read on from its spool file
 * at its cursor, one at a time in the background (./read-ingest.ts). With a queue (REDIS_URL and PostgreSQL)
 * this process only spools and queues: `citable worker` processes read the spool files (./ingest-queue.ts).
 * The spooled file is removed once its ingest is done.
 */
import { randomBase62 } from '../util/base62.js';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Logger } from '../logging/logger.js';
import type { StoredIngest, TrafficStore } from '../store/contracts/traffic.js';
import type { SnapshotSource } from '../../shared/logs/ranges/ranges-snapshot.js';
import type { IngestRun } from './ingest-runner.js';
import { readIngest } from './read-ingest.js';
import { spoolUpload } from './spool-upload.js';
import { UploadParse, type HeldChunk } from './upload-parse.js';
import type { UploadParseData } from './upload-parse-protocol.js';
import { UploadParseThread } from './upload-parse-thread.js';

export const LOG_UPLOAD_MAX_BYTES_DEFAULT = 2 * 1024 ** 3;
/** Uploads from this size (or of an unknown size) are counted on their own thread; smaller ones on the request's. */
export const PARSE_THREAD_MIN_BYTES = 16 * 1024 * 1024;

/** Where ingests go to be read by `citable worker` processes (BullMQ with REDIS_URL). */
export interface IngestQueue {
  /** Queues the ingest (a no-op while it waits or runs). */
  add(ingest: StoredIngest): Promise<void>;
  close(): Promise<void>;
}

export interface TrafficServiceOptions {
  traffic: () => Promise<TrafficStore>;
  /** Where uploads are spooled (LOG_SPOOL_DIR, default DATA_DIR/traffic/spool in the server). */
  spoolDir: string;
  maxUploadBytes: number;
  now: () => Date;
  logger: Logger;
  /** Log bytes per committed chunk (LOG_CHUNK_BYTES; tests make it small). */
  chunkBytes?: number;
  /** The address ranges hits are verified with, read at the start of each ingest (default: the shipped snapshot). */
  ranges?: () => Promise<readonly SnapshotSource[]>;
  onChunk?: (ingest: StoredIngest, parts: Parameters<NonNullable<IngestRun['onChunk']>>[0]) => Promise<void> | void;
  /** Given: ingests are read by workers; this process spools and queues only. */
  queue?: IngestQueue;
  /** Uploads of at least this many bytes (Content-Length), or of an unknown size, are counted on a thread (default PARSE_THREAD_MIN_BYTES). */
  parseThreadMinBytes?: number;
  /** The counting thread's script (default: found beside this module; tests give a broken one). */
  parseWorker?: URL;
}

export interface TrafficService {
  /** Spools the request's body and answers its ingest; `created` false when the project had these bytes already. */
  receive(req: IncomingMessage, accountId: string, projectId: string): Promise<{ ingest: StoredIngest; created: boolean }>;
  /** Starts (or queues again) the ingests left unfinished. */
  resume(): Promise<void>;
  /** Resolves when no ingest of this process is waiting or running (tests, shutdown). */
  idle(): Promise<void>;
  /**
   * Shutdown: the ingest under way stops at its next committed chunk (its cursor), the waiting ones are left
   * queued; all resume at the next start. Resolves once nothing runs.
   */
  stop(): Promise<void>;
}

export const newIngestId = () => `ing_${randomBase62(16)}`;

const newIngest = (accountId: string, projectId: string, sha256: string, bytes: number, at: string): StoredIngest => ({
  id: newIngestId(),
  account_id: accountId,
  project_id: projectId,
  sha256,
  status: 'queued',
  bytes,
  lines: 0,
  offset: 0,
  problems: [],
  error: null,
  created_at: at,
  updated_at: at,
});

/** Where an upload is counted while it arrives: its own thread when it is large (or its size unknown). */
function uploadCounter(options: TrafficServiceOptions, data: UploadParseData, req: IncomingMessage): UploadParse | UploadParseThread {
  const declared = Number(req.headers['content-length'] ?? NaN);
  const large = !Number.isFinite(declared) || declared >= (options.parseThreadMinBytes ?? PARSE_THREAD_MIN_BYTES);
  if (!large) return new UploadParse(data);
  try {
    return new UploadParseThread(data, options.parseWorker);
  } catch (error) {
    options.logger.warn('traffic: no thread to count an upload on; it is counted on the request thread', { error: String(error) });
    return new UploadParse(data);
  }
}

/** What was counted while the upload arrived; null when its thread failed (the spool file is read instead). */
async function heldChunks(parse: UploadParse | UploadParseThread, logger: Logger, projectId: string): Promise<HeldChunk[] | null> {
  const held = await parse.finish();
  if (parse instanceof UploadParseThread && parse.failure)
    logger.warn('traffic: counting an upload on its thread failed; its spool file is read instead', {
      project: projectId,
      reason: parse.failure,
    });
  return held;
}

export function createTrafficService(options: TrafficServiceOptions): TrafficService {
  let line: Promise<void> = Promise.resolve();
  const queued = new Set<string>();
  let stopping = false;
  const { queue } = options;

  /** Reads the ingest here, after those before it; `held`: what was counted while it was received. */
  const enqueue = (ingest: StoredIngest, held: HeldChunk[] | null = null) => {
    if (queue)
      return void queue
        .add(ingest)
        .catch((e: unknown) => options.logger.error('traffic: queueing an ingest failed', { ingest: ingest.id, error: String(e) }));
    if (queued.has(ingest.id)) return;
    queued.add(ingest.id);
    const work = () => (stopping ? undefined : readIngest(options, ingest, () => stopping, held));
    line = line
      .then(work)
      .catch((e: unknown) => options.logger.warn('traffic: an ingest was read by another process', { ingest: ingest.id, error: String(e) }))
      .finally(() => queued.delete(ingest.id));
  };

  return {
    async receive(req, accountId, projectId) {
      const parse = queue ? null : uploadCounter(options, { chunkBytes: options.chunkBytes, ranges: await options.ranges?.() }, req);
      const spooled = await spoolUpload(req, options.spoolDir, projectId, options.maxUploadBytes, parse ?? undefined).catch(
        (e: unknown) => {
          parse?.abort();
          throw e;
        },
      );
      const held = parse ? await heldChunks(parse, options.logger, projectId) : null;
      const traffic = await options.traffic();
      const at = options.now().toISOString();
      const result = await traffic.createIngest(newIngest(accountId, projectId, spooled.sha256, spooled.bytes, at));
      const { ingest } = result;
      if (result.created) enqueue(ingest, held);
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
      await queue?.close();
    },
  };
}
