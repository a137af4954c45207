/** Messages between an upload's request and the thread that counts it (./upload-parse-thread.ts, ./upload-parse-worker.ts). */
import type { ChunkReaderOptions } from './chunk-reader.js';
import type { HeldChunk } from './upload-parse.js';

/** The thread's start: how the upload is cut and verified. */
export type UploadParseData = Pick<ChunkReaderOptions, 'chunkBytes' | 'ranges'>;

export type UploadParseAsk =
  /** The next body bytes, in order: the first `length` of `data` (the buffer is transferred). */
  | { type: 'bytes'; data: ArrayBuffer; length: number }
  /** The body ended: answer the held chunks. */
  | { type: 'end' };

export type UploadParseReply =
  /** Bytes taken from the thread's line (counted, or handed to gunzip): the request may send more. */
  { type: 'taken'; bytes: number } | { type: 'held'; held: HeldChunk[] } | { type: 'failed'; message: string };
