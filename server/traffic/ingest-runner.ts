/**
 * Reading one spooled upload into the store, in chunks: the file (gunzipped as it streams when it is gzip) is
 * fed to the log reader line by line, and every `chunkBytes` of log, at a line's end, what was counted is
 * committed with the cursor (TrafficStore.commitChunk). A run that starts on an ingest with a cursor skips the
 * bytes before it, so a process stopped anywhere (even killed) resumes with every line counted once: a chunk is
 * committed whole with its cursor or not at all.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { DailyAggregates } from '../../shared/logs/aggregate/daily-aggregates.js';
import { LogIngest } from '../../shared/logs/ingest/log-ingest.js';
import type { SnapshotSource } from '../../shared/logs/ranges/ranges-snapshot.js';
import type { StoredIngest, TrafficStore } from '../store/contracts/traffic.js';
import { chunkParts, type ChunkParts } from './chunk-parts.js';

export const CHUNK_BYTES = 16 * 1024 * 1024;

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

/** Line ends in `bytes`: the lines before a cursor, so problems keep their line numbers after a resume. */
function lineEnds(bytes: Buffer): number {
  let n = 0;
  for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) n++;
  return n;
}

async function isGzip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

class ChunkedReader {
  readonly counting: LogIngest;
  readonly input;
  daily = new DailyAggregates();
  /** Log bytes read (after gunzip), and where the chunk being counted started. */
  offset: number;
  from: number;

  constructor(
    private readonly run: IngestRun,
    private readonly ingest: StoredIngest,
  ) {
    this.counting = new LogIngest({ format: 'auto', site: null, since: NaN, until: NaN, ...(run.ranges ? { ranges: run.ranges } : {}) });
    this.counting.counter.swapAggregate(this.daily);
    this.input = this.counting.input('upload');
    this.offset = ingest.offset;
    this.from = ingest.offset;
  }

  async push(chunk: Buffer, at: number): Promise<void> {
    const end = at + chunk.length;
    if (at < this.from) this.input.skipLines(lineEnds(chunk.subarray(0, Math.min(chunk.length, this.from - at))));
    if (end <= this.from) return; // committed before: skipped
    let rest = at < this.from ? chunk.subarray(this.from - at) : chunk;
    for (;;) {
      // The chunk being counted is full at the first line end past chunkBytes: commit there.
      const need = (this.run.chunkBytes ?? CHUNK_BYTES) - (this.offset - this.from);
      const nl = rest.length < need ? -1 : rest.indexOf(10, Math.max(0, need - 1));
      if (nl < 0) return this.feed(rest);
      this.feed(rest.subarray(0, nl + 1));
      if (this.input.format !== null) {
        await this.commit();
        if (this.run.stopping?.()) throw new IngestStopped(this.ingest.id);
      }
      rest = rest.subarray(nl + 1);
    }
  }

  private feed(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.input.push(bytes);
    this.offset += bytes.length;
  }

  async commit(): Promise<void> {
    const counted = this.counting.counter.swapAggregate((this.daily = new DailyAggregates()));
    const parts = chunkParts(counted as DailyAggregates);
    const committed = await this.run.traffic.commitChunk({
      ingest_id: this.ingest.id,
      project_id: this.ingest.project_id,
      from: this.from,
      to: this.offset,
      at: this.run.now().toISOString(),
      ...parts,
    });
    if (!committed) throw new Error(`ingest ${this.ingest.id}: its cursor moved under this run (another worker read it)`);
    this.from = this.offset;
    await this.run.onChunk?.(parts);
  }
}

/** Reads the ingest's file from its cursor to its end; resolves when everything is committed. */
export async function runIngest(run: IngestRun, ingest: StoredIngest, file: string): Promise<void> {
  const gzip = await isGzip(file);
  const raw = createReadStream(file, { highWaterMark: 1 << 20 });
  const body: Readable = gzip ? raw.pipe(createGunzip({ chunkSize: 256 * 1024 })) : raw;
  if (gzip) raw.on('error', (e) => body.destroy(e));
  const reader = new ChunkedReader(run, ingest);
  let at = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      await reader.push(chunk, at);
      at += chunk.length;
    }
    reader.input.end();
  } catch (error) {
    if (!gzip || !String((error as { code?: unknown }).code ?? '').startsWith('Z_')) throw error;
    const message = error instanceof Error ? error.message : String(error);
    reader.input.fail(`gzip data broke off or is damaged (${message}); the lines before were read`);
  } finally {
    raw.destroy();
  }
  await reader.commit();
}
