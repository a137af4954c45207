/**
 * An upload's log bytes (after gunzip) read from a cursor and cut into chunks: every `chunkBytes` of log, at
 * the first line end past it, what was counted since the last cut is handed over with its byte range. The cuts
 * depend only on the bytes, never on how they arrive, so the same upload read from its spool file (a worker, a
 * resumed ingest) or while it is received (./upload-parse.ts) is cut the same way. Nothing here writes: the
 * caller commits each cut (./ingest-runner.ts) or holds it until the upload is known to be new.
 */
import { DailyAggregates } from '../../shared/logs/aggregate/daily-aggregates.js';
import { LogIngest } from '../../shared/logs/ingest/log-ingest.js';
import type { LogInput } from '../../shared/logs/ingest/log-input.js';
import type { SnapshotSource } from '../../shared/logs/ranges/ranges-snapshot.js';

/** Log bytes per committed chunk unless LOG_CHUNK_BYTES says otherwise. */
export const CHUNK_BYTES = 16 * 1024 * 1024;

/** What was counted in the log bytes [from, to). */
export interface ChunkCut {
  from: number;
  to: number;
  counted: DailyAggregates;
}

export interface ChunkReaderOptions {
  /** Log bytes per chunk (default CHUNK_BYTES). */
  chunkBytes?: number;
  ranges?: readonly SnapshotSource[];
}

/** Line ends in `bytes`: the lines before a cursor, so problems keep their line numbers after a resume. */
function lineEnds(bytes: Uint8Array): number {
  let n = 0;
  for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) n++;
  return n;
}

export class ChunkReader {
  private readonly counting: LogIngest;
  private readonly input: LogInput;
  private readonly chunkBytes: number;
  /** Log bytes read (counted or skipped), and where the chunk being counted started. */
  private offset: number;
  private from: number;

  /** `cursor`: where counting starts (the bytes before it are skipped, their lines numbered). */
  constructor(options: ChunkReaderOptions, cursor = 0) {
    this.counting = new LogIngest({
      format: 'auto',
      site: null,
      since: NaN,
      until: NaN,
      ...(options.ranges ? { ranges: options.ranges } : {}),
    });
    this.counting.counter.swapAggregate(new DailyAggregates());
    this.input = this.counting.input('upload');
    this.chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
    this.offset = cursor;
    this.from = cursor;
  }

  /**
   * The next `chunk` of log, which starts at log byte `at`; answers the chunks it completed (usually none).
   * A chunk is only cut once the format is known (`auto` reads its first lines before choosing).
   */
  push(chunk: Uint8Array, at: number): ChunkCut[] {
    const cuts: ChunkCut[] = [];
    const end = at + chunk.length;
    if (at < this.from) this.input.skipLines(lineEnds(chunk.subarray(0, Math.min(chunk.length, this.from - at))));
    if (end <= this.from) return cuts; // before the cursor: skipped
    let rest = at < this.from ? chunk.subarray(this.from - at) : chunk;
    for (;;) {
      const need = this.chunkBytes - (this.offset - this.from);
      const nl = rest.length < need ? -1 : rest.indexOf(10, Math.max(0, need - 1));
      if (nl < 0) {
        this.feed(rest);
        return cuts;
      }
      this.feed(rest.subarray(0, nl + 1));
      if (this.input.format !== null) cuts.push(this.cut());
      rest = rest.subarray(nl + 1);
    }
  }

  /** The log ended: the last chunk (possibly empty: it still moves nothing and commits the end). */
  end(): ChunkCut {
    this.input.end();
    return this.cut();
  }

  /** The log broke off (a damaged gzip stream): the lines before count, the break is a problem. */
  fail(reason: string): ChunkCut {
    this.input.fail(reason);
    return this.cut();
  }

  private feed(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.input.push(bytes);
    this.offset += bytes.length;
  }

  private cut(): ChunkCut {
    const counted = this.counting.counter.swapAggregate(new DailyAggregates()) as DailyAggregates;
    const cut = { from: this.from, to: this.offset, counted };
    this.from = this.offset;
    return cut;
  }
}
