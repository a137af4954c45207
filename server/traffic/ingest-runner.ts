/**
 * Reading one spooled upload into the store, in chunks: the file (gunzipped as it streams when it is gzip) is
 * cut by a ChunkReader (./chunk-reader.ts), and each chunk, with the cursor it moves to, is committed at once
 * (TrafficStore.commitChunk). A run that starts on an ingest with a cursor skips the bytes before it, so a
 * process stopped anywhere (even killed) resumes with every line counted once: a chunk is committed whole with
 * its cursor or not at all.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { SnapshotSource } from '../../shared/logs/ranges/ranges-snapshot.js';
import type { StoredIngest, TrafficStore } from '../store/contracts/traffic.js';
import { chunkParts, type ChunkParts } from './chunk-parts.js';
import { ChunkReader, type ChunkCut } from './chunk-reader.js';
import { gunzipLog } from '../logs/log-gunzip.js';

export { CHUNK_BYTES } from './chunk-reader.js';

export interface IngestRun {
  traffic: TrafficStore;
  now: () => Date;
  /** Log bytes per committed chunk (tests make it small). */
  chunkBytes?: number;
  ranges?: readonly SnapshotSource[];
  /** Told about each committed chunk (a webhook for a new spoofing agent, progress). */
  onChunk?: (parts: ChunkParts) => Promise<void> | void;
  /** Asked after each committed chunk: true stops the run there (IngestStopped), to resume from the cursor later. */
  stopping?: () => boolean;
}

/** The run stopped at a committed chunk because it was asked to (a shutdown): the ingest resumes from its cursor. */
export class IngestStopped extends Error {
  constructor(id: string) {
    super(`ingest ${id}: stopped at its cursor`);
  }
}

/** The ingest's cursor is not where this run read from: another process committed that chunk (it is read there). */
export class CursorMoved extends Error {
  constructor(id: string) {
    super(`ingest ${id}: its cursor moved under this run (another process read it)`);
  }
}

export async function isGzipFile(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** Whether a stream error is zlib's (damaged or cut gzip data): the lines before it still count. */
export const isZlibError = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '').startsWith('Z_');

/** Commits one chunk of the ingest (throws CursorMoved when it was committed already) and tells onChunk. */
export async function commitCut(run: IngestRun, ingest: StoredIngest, from: number, to: number, parts: ChunkParts): Promise<void> {
  const committed = await run.traffic.commitChunk({
    ingest_id: ingest.id,
    project_id: ingest.project_id,
    from,
    to,
    at: run.now().toISOString(),
    ...parts,
  });
  if (!committed) throw new CursorMoved(ingest.id);
  await run.onChunk?.(parts);
}

/** Reads the ingest's file from its cursor to its end; resolves when everything is committed. */
export async function runIngest(run: IngestRun, ingest: StoredIngest, file: string): Promise<void> {
  const gzip = await isGzipFile(file);
  const raw = createReadStream(file, { highWaterMark: 1 << 20 });
  const body: Readable = gzip ? gunzipLog(raw) : raw;
  const reader = new ChunkReader({ chunkBytes: run.chunkBytes, ranges: run.ranges }, ingest.offset);
  const commit = (cut: ChunkCut) => commitCut(run, ingest, cut.from, cut.to, chunkParts(cut.counted));
  let at = 0;
  let last: ChunkCut;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      for (const cut of reader.push(chunk, at)) {
        await commit(cut);
        if (run.stopping?.()) throw new IngestStopped(ingest.id);
      }
      at += chunk.length;
    }
    last = reader.end();
  } catch (error) {
    if (!gzip || !isZlibError(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    last = reader.fail(`gzip data broke off or is damaged (${message}); the lines before were read`);
  } finally {
    raw.destroy();
  }
  await commit(last);
}
