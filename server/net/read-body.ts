import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import type { FetchError } from '../../shared/types/fetcher.js';
import { decoderChain, gunzipStream, isGzip } from './decompress.js';

export interface BodyResult {
  /** Decompressed bytes, at most `maxBytes`. */
  bytes: Buffer;
  /** True when the body was cut at the cap (decompressed, or the bound on compressed bytes read). */
  truncated: boolean;
  /** The body was a gzip file decompressed here (gunzipBody): its Content-Type names the archive, not the text. */
  gunzipped?: boolean;
  error?: FetchError;
}

/** Compressed input may exceed its output only by a little (incompressible data); beyond this we stop reading. */
const COMPRESSED_SLACK = 64 * 1024;

/**
 * Reads a response body up to `maxBytes` of decompressed bytes. Decoders run as streams with
 * backpressure, so a bomb inflates only as far as we read; at the cap the socket and decoders are
 * destroyed and nothing more is read. `stop` (timeout or deadline) ends the read at once.
 */
export function readBody(
  res: IncomingMessage,
  maxBytes: number,
  stop: AbortSignal,
  stopError: () => FetchError,
  /** Decompress a body that is itself gzip (sitemap.xml.gz) when no Content-Encoding says so. */
  gunzipBody = false,
): Promise<BodyResult> {
  return new Promise((resolve) => new BodyReader({ res, maxBytes, stop, stopError, gunzipBody, resolve }).start());
}

interface BodyReaderInput {
  res: IncomingMessage;
  maxBytes: number;
  stop: AbortSignal;
  stopError: () => FetchError;
  gunzipBody: boolean;
  resolve: (result: BodyResult) => void;
}

/** One body being read: the bytes kept so far, the decoders once the first chunk named them, and whether it is over. */
class BodyReader {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  private raw = 0;
  private rawEnded = false;
  private done = false;
  /** The decoders, first to last: undefined until the first chunk, null when the body is not encoded. */
  private chain: Transform[] | null | undefined;
  private gunzipped = false;

  constructor(private readonly input: BodyReaderInput) {}

  start(): void {
    const { res, stop } = this.input;
    res.on('data', (chunk: Buffer) => this.data(chunk));
    res.on('end', () => {
      this.rawEnded = true;
      if (this.chain && this.raw > 0) this.chain[0]!.end();
      else this.finish(false);
    });
    res.on('error', () => undefined); // reported through 'close' below
    res.on('close', () => {
      if (!this.rawEnded) this.finish(false, { code: 'network', message: 'the connection closed before the body was complete' });
    });

    if (stop.aborted) return this.onStop();
    stop.addEventListener('abort', this.onStop, { once: true });
  }

  private readonly onStop = () => this.finish(false, this.input.stopError());

  private finish(truncated: boolean, error?: FetchError): void {
    if (this.done) return;
    this.done = true;
    this.input.stop.removeEventListener('abort', this.onStop);
    if (truncated || error || !this.rawEnded) this.input.res.destroy();
    for (const stage of this.chain ?? []) stage.destroy();
    const gunzipped = this.gunzipped;
    this.input.resolve({
      bytes: Buffer.concat(this.chunks, this.kept),
      truncated,
      ...(gunzipped ? { gunzipped } : {}),
      ...(error ? { error } : {}),
    });
  }

  /** Keeps decoded bytes up to the cap; at the cap the read ends, truncated. */
  private readonly keep = (chunk: Buffer): void => {
    if (this.done) return;
    const room = this.input.maxBytes - this.kept;
    if (chunk.length > room) {
      if (room > 0) this.chunks.push(chunk.subarray(0, room));
      this.kept += Math.max(0, room);
      return this.finish(true);
    }
    this.chunks.push(chunk);
    this.kept += chunk.length;
  };

  /** A raw chunk from the socket: kept as it is, or written to the decoders (pausing the socket while they are full). */
  private data(chunk: Buffer): void {
    if (this.done) return;
    const { res, maxBytes } = this.input;
    this.raw += chunk.length;
    if (this.chain === undefined) this.chooseDecoders(chunk);
    if (!this.chain) return this.keep(chunk);
    if (this.raw > maxBytes + COMPRESSED_SLACK) return this.finish(true);
    if (!this.chain[0]!.write(chunk)) {
      res.pause();
      this.chain[0]!.once('drain', () => res.resume());
    }
  }

  /** Chooses the decoders the body needs, from its Content-Encoding or (gunzipBody) its first bytes, and wires them to keep. */
  private chooseDecoders(first: Buffer): void {
    this.chain = decoderChain(this.input.res.headers['content-encoding'], first);
    if (!this.chain && this.input.gunzipBody && isGzip(first)) {
      this.chain = [gunzipStream()];
      this.gunzipped = true;
    }
    if (this.chain) this.wire(this.chain);
  }

  private wire(stages: Transform[]): void {
    for (let i = 0; i + 1 < stages.length; i++) stages[i]!.pipe(stages[i + 1]!);
    const last = stages[stages.length - 1]!;
    last.on('data', this.keep);
    last.on('end', () => this.finish(false));
    for (const stage of stages) {
      stage.on('error', (err: Error) => this.finish(false, { code: 'decompression', message: `corrupt compressed body: ${err.message}` }));
    }
  }
}
