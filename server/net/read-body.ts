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
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let raw = 0;
    let rawEnded = false;
    let done = false;
    let chain: Transform[] | null | undefined;
    let gunzipped = false;

    const finish = (truncated: boolean, error?: FetchError) => {
      if (done) return;
      done = true;
      stop.removeEventListener('abort', onStop);
      if (truncated || error || !rawEnded) res.destroy();
      for (const stage of chain ?? []) stage.destroy();
      resolve({ bytes: Buffer.concat(chunks, kept), truncated, ...(gunzipped ? { gunzipped } : {}), ...(error ? { error } : {}) });
    };
    const onStop = () => finish(false, stopError());

    const keep = (chunk: Buffer) => {
      if (done) return;
      const room = maxBytes - kept;
      if (chunk.length > room) {
        if (room > 0) chunks.push(chunk.subarray(0, room));
        kept += Math.max(0, room);
        return finish(true);
      }
      chunks.push(chunk);
      kept += chunk.length;
    };

    const wire = (stages: Transform[]) => {
      for (let i = 0; i + 1 < stages.length; i++) stages[i]!.pipe(stages[i + 1]!);
      const last = stages[stages.length - 1]!;
      last.on('data', keep);
      last.on('end', () => finish(false));
      for (const stage of stages) {
        stage.on('error', (err: Error) => finish(false, { code: 'decompression', message: `corrupt compressed body: ${err.message}` }));
      }
    };

    res.on('data', (chunk: Buffer) => {
      if (done) return;
      raw += chunk.length;
      if (chain === undefined) {
        chain = decoderChain(res.headers['content-encoding'], chunk);
        if (!chain && gunzipBody && isGzip(chunk)) {
          chain = [gunzipStream()];
          gunzipped = true;
        }
        if (chain) wire(chain);
      }
      if (!chain) return keep(chunk);
      if (raw > maxBytes + COMPRESSED_SLACK) return finish(true);
      if (!chain[0]!.write(chunk)) {
        res.pause();
        chain[0]!.once('drain', () => res.resume());
      }
    });
    res.on('end', () => {
      rawEnded = true;
      if (chain && raw > 0) chain[0]!.end();
      else finish(false);
    });
    res.on('error', () => undefined); // reported through 'close' below
    res.on('close', () => {
      if (!rawEnded) finish(false, { code: 'network', message: 'the connection closed before the body was complete' });
    });

    if (stop.aborted) return onStop();
    stop.addEventListener('abort', onStop, { once: true });
  });
}
