/**
 * Feeding a file or standard input to a LogInput: gzip is recognised by its magic bytes (1f 8b), not the file
 * name, and decompressed as it streams (concatenated members included); a stream that breaks off (a truncated
 * gzip file, a read error) keeps what was read and becomes a problem, never an exception.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Gunzip } from 'node:zlib';
import { gunzipLog } from './log-gunzip.js';
import type { LogInput } from '../../shared/logs/ingest/log-input.js';

export const READ_CHUNK_BYTES = 1 << 20;

/** Bytes read from the source (compressed bytes for gzip), as they are read. */
export type ProgressListener = (bytes: number) => void;

/** The first chunk of a stream, put back so the stream still starts with it; null when the stream is empty. */
function peek(stream: Readable): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const done = (value: Buffer | null, error?: unknown) => {
      stream.off('readable', onReadable).off('end', onEnd).off('error', onError);
      if (error) reject(error);
      else resolve(value);
    };
    const onReadable = () => {
      const chunk = stream.read() as Buffer | null;
      if (chunk === null) return;
      stream.unshift(chunk);
      done(chunk);
    };
    const onEnd = () => done(null);
    const onError = (e: unknown) => done(null, e);
    stream.on('readable', onReadable).on('end', onEnd).on('error', onError);
  });
}

function reasonOf(error: unknown, gzip: boolean): string {
  const message = error instanceof Error ? error.message : String(error);
  return gzip ? `gzip data broke off or is damaged (${message}); the lines before were read` : `read error: ${message}`;
}

/** Streams `source` into `input` and ends it. */
export async function readStream(source: Readable, input: LogInput, onProgress?: ProgressListener): Promise<{ gzip: boolean }> {
  let head: Buffer | null;
  try {
    head = await peek(source);
  } catch (error) {
    input.fail(reasonOf(error, false));
    return { gzip: false };
  }
  const gzip = head !== null && head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  const body = gzip ? gunzipLog(source) : source;
  let counted = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      input.push(chunk);
      if (onProgress) {
        const read = gzip ? (body as Gunzip).bytesWritten : counted + chunk.length;
        onProgress(read - counted);
        counted = read;
      }
    }
  } catch (error) {
    input.fail(reasonOf(error, gzip));
    return { gzip };
  }
  input.end();
  return { gzip };
}

/** A file by path, `-` for standard input. */
export function openSource(file: string, stdin: Readable): Readable {
  return file === '-' ? stdin : createReadStream(file, { highWaterMark: READ_CHUNK_BYTES });
}
