/**
 * An upload counted while it is received: the body's bytes, as they arrive, go to the spool file and the hash
 * (./spool-upload.ts) and here, gunzipped when they are gzip (recognised by content, as the spool file is read),
 * into a ChunkReader (./chunk-reader.ts) cut as the spool file would be. Nothing is committed here: the chunks
 * are held (as their rollups, ./chunk-parts.ts) until the upload has ended and is known to be new (its hash), and
 * dropped when it is a repeat or breaks off. So an upload is read once, while it arrives, instead of after it.
 */
import type { Gunzip } from 'node:zlib';
import { createLogGunzip, endLogGunzip } from '../logs/log-gunzip.js';
import { chunkParts, type ChunkParts } from './chunk-parts.js';
import { ChunkReader, type ChunkCut, type ChunkReaderOptions } from './chunk-reader.js';
import { isZlibError } from './ingest-runner.js';

/** A chunk counted from the log bytes [from, to), held until it may be committed. */
export interface HeldChunk {
  from: number;
  to: number;
  parts: ChunkParts;
}

/** What a spooled body is also written to (./spool-upload.ts): false from `write` asks to wait for `onDrain`. */
export interface BodyTee {
  write(chunk: Buffer): boolean;
  onDrain(resume: () => void): void;
}

export class UploadParse implements BodyTee {
  private readonly reader: ChunkReader;
  private readonly held: HeldChunk[] = [];
  /** Until the first two bytes are in, whether the body is gzip is not known: they wait here. */
  private head: Buffer | null = Buffer.alloc(0);
  private gunzip: Gunzip | null = null;
  private gunzipped: Promise<void> = Promise.resolve();
  /** Why the gzip data could not be read on (the lines before it count), or null. */
  private broke: string | null = null;
  private at = 0;

  constructor(options: ChunkReaderOptions) {
    this.reader = new ChunkReader(options);
  }

  write(chunk: Buffer): boolean {
    if (this.head) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < 2) return true;
      const first = this.head;
      this.head = null;
      if (first[0] === 0x1f && first[1] === 0x8b) this.startGunzip();
      return this.write(first);
    }
    if (!this.gunzip) {
      this.take(chunk);
      return true;
    }
    // After damaged data the stream stops taking bytes (and says why in its error event): the rest is not read.
    return this.broke !== null || !this.gunzip.writable || this.gunzip.write(chunk);
  }

  onDrain(resume: () => void): void {
    const gunzip = this.gunzip;
    if (!gunzip || this.broke !== null || !gunzip.writable) return resume();
    // Drained, or stopped by damaged data (it then takes no more bytes): the body reads on either way.
    const go = () => {
      gunzip.off('drain', go);
      gunzip.off('close', go);
      resume();
    };
    gunzip.once('drain', go);
    gunzip.once('close', go);
  }

  /** The body ended: the last chunk is cut and every chunk answered, in order. */
  async finish(): Promise<HeldChunk[]> {
    if (this.head) {
      const rest = this.head;
      this.head = null;
      this.take(rest);
    }
    if (this.gunzip) endLogGunzip(this.gunzip);
    await this.gunzipped;
    this.hold(this.broke === null ? this.reader.end() : this.reader.fail(this.broke));
    return this.held;
  }

  /** The upload was refused or broke off: nothing it counted is kept. */
  abort(): void {
    this.gunzip?.destroy();
    this.held.length = 0;
  }

  private startGunzip(): void {
    const gunzip = createLogGunzip();
    this.gunzip = gunzip;
    gunzip.on('data', (chunk: Buffer) => this.take(chunk));
    this.gunzipped = new Promise<void>((resolve, reject) => {
      gunzip.once('end', () => resolve());
      gunzip.once('close', () => resolve()); // destroyed by abort()
      gunzip.on('error', (error: Error) => {
        if (!isZlibError(error)) return reject(error);
        this.broke ??= `gzip data broke off or is damaged (${error.message}); the lines before were read`;
        resolve();
      });
    });
    this.gunzipped.catch(() => undefined); // awaited by finish(); an upload refused before it never asks
  }

  private take(chunk: Buffer): void {
    for (const cut of this.reader.push(chunk, this.at)) this.hold(cut);
    this.at += chunk.length;
  }

  private hold(cut: ChunkCut): void {
    this.held.push({ from: cut.from, to: cut.to, parts: chunkParts(cut.counted) });
  }
}
