/**
 * Writes a backup archive: a tar stream (gzip-compressed when asked) into a temp file beside the target,
 * renamed into place only once complete and fsynced, so a file at the target is never a partial backup.
 * Each file added is hashed as it is written; `finish` appends MANIFEST.json (format, time, every file with
 * its size and SHA-256), the last entry, which restore requires. Small files (an audit's) are gathered in a
 * buffer of a few MB written at once: 100,000 audits are then a few hundred writes, not 300,000.
 */
import { createHash, hash as hashOnce, randomBytes } from 'node:crypto';
import { closeSync, createWriteStream, fstatSync, openSync, readSync, type WriteStream } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { createGzip, constants as zlib, type Gzip } from 'node:zlib';
import { BLOCK, END, header, padding } from './tar.js';

export const MANIFEST_NAME = 'MANIFEST.json';
export const BACKUP_FORMAT = 'citable-backup';
export const BACKUP_VERSION = 1;

export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  store: 'lowdb';
  files: ManifestFile[];
}

const CHUNK = 1 << 20;
/** The batch of small entries written at once. */
const BATCH = 4 << 20;

export class ArchiveWriter {
  readonly files: ManifestFile[] = [];
  bytes = 0;
  #batch = Buffer.allocUnsafe(BATCH);
  #used = 0;

  private constructor(
    private readonly target: string,
    private readonly temp: string,
    private readonly file: WriteStream,
    private readonly sink: WriteStream | Gzip,
  ) {}

  static async create(target: string, gzip: boolean): Promise<ArchiveWriter> {
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.partial`);
    // Room for a few batches: the next one is read while the last is being written.
    const file = createWriteStream(temp, { mode: 0o600, highWaterMark: 3 * BATCH });
    await once(file, 'open');
    if (!gzip) return new ArchiveWriter(target, temp, file, file);
    const compress = createGzip({ level: zlib.Z_BEST_SPEED });
    compress.pipe(file);
    return new ArchiveWriter(target, temp, file, compress);
  }

  async #write(bytes: Buffer): Promise<void> {
    await this.#flush();
    this.bytes += bytes.length;
    if (!this.sink.write(bytes)) await once(this.sink, 'drain'); // waits only when the disk is behind
  }

  /** Writes the batch of small entries, if any. */
  async #flush(): Promise<void> {
    if (this.#used === 0) return;
    const full = this.#batch.subarray(0, this.#used);
    this.#batch = Buffer.allocUnsafe(BATCH); // the stream keeps the written one until it is on disk
    this.#used = 0;
    this.bytes += full.length;
    if (!this.sink.write(full)) await once(this.sink, 'drain');
  }

  /** Copies an entry into the batch; false when it does not fit (a large file). */
  async #batched(head: Buffer, bytes: Buffer): Promise<boolean> {
    const size = head.length + bytes.length + padding(bytes.length).length;
    if (size > BATCH) return false;
    if (this.#used + size > BATCH) await this.#flush();
    this.#used += head.copy(this.#batch, this.#used);
    this.#used += bytes.copy(this.#batch, this.#used);
    const pad = padding(bytes.length).length;
    this.#batch.fill(0, this.#used, this.#used + pad);
    this.#used += pad;
    return true;
  }

  /** Adds `size` bytes of an open file, from its start. */
  async addFrom(name: string, handle: FileHandle, size: number, mtimeMs: number): Promise<void> {
    await this.#write(header(name, size, mtimeMs));
    const hash = createHash('sha256');
    for (let at = 0; at < size;) {
      const buffer = Buffer.allocUnsafe(Math.min(CHUNK, size - at));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, at);
      if (bytesRead === 0) throw new Error(`${name} became shorter while it was copied`);
      const chunk = buffer.subarray(0, bytesRead);
      hash.update(chunk);
      await this.#write(chunk);
      at += bytesRead;
    }
    await this.#write(padding(size));
    this.files.push({ path: name, size, sha256: hash.digest('hex') });
  }

  /**
   * Adds a small file that never changes once written (an audit's), read synchronously straight into the
   * batch: the command has nothing else to do meanwhile, and 100,000 reads through the thread pool, or into
   * a buffer of their own each, cost several times as long. False when the file does not exist.
   */
  async addSmallFile(name: string, file: string): Promise<boolean> {
    let fd: number;
    try {
      fd = openSync(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    try {
      const { size, mtimeMs } = fstatSync(fd);
      const entry = BLOCK + size + padding(size).length;
      if (entry > BATCH) return await this.#addLarge(name, fd, size, mtimeMs);
      if (this.#used + entry > BATCH) await this.#flush();
      const start = this.#used + BLOCK;
      let read = 0;
      while (read < size) {
        const n = readSync(fd, this.#batch, start + read, size - read, read);
        if (n === 0) throw new Error(`${name} became shorter while it was copied`);
        read += n;
      }
      header(name, size, mtimeMs).copy(this.#batch, this.#used);
      const body = this.#batch.subarray(start, start + size);
      this.#batch.fill(0, start + size, this.#used + entry);
      this.#used += entry;
      // One call for a small file: no Hash object per audit (100,000 of them).
      this.files.push({ path: name, size, sha256: hashOnce('sha256', body) });
      return true;
    } finally {
      closeSync(fd);
    }
  }

  /** A file too large for the batch, read in chunks. */
  async #addLarge(name: string, fd: number, size: number, mtimeMs: number): Promise<boolean> {
    await this.#write(header(name, size, mtimeMs));
    const hash = createHash('sha256');
    for (let at = 0; at < size;) {
      const buffer = Buffer.allocUnsafe(Math.min(CHUNK, size - at));
      const bytesRead = readSync(fd, buffer, 0, buffer.length, at);
      if (bytesRead === 0) throw new Error(`${name} became shorter while it was copied`);
      hash.update(buffer.subarray(0, bytesRead));
      await this.#write(buffer.subarray(0, bytesRead));
      at += bytesRead;
    }
    await this.#write(padding(size));
    this.files.push({ path: name, size, sha256: hash.digest('hex') });
    return true;
  }

  /** Adds bytes held in memory. */
  async addBytes(name: string, bytes: Buffer, mtimeMs = Date.now()): Promise<void> {
    const head = header(name, bytes.length, mtimeMs);
    if (!(await this.#batched(head, bytes))) {
      await this.#write(head);
      await this.#write(bytes);
      await this.#write(padding(bytes.length));
    }
    this.files.push({ path: name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  }

  /** The manifest, the end blocks; then fsync and rename into place. */
  async finish(createdAt: Date): Promise<void> {
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: createdAt.toISOString(),
      store: 'lowdb',
      files: [...this.files],
    };
    await this.addBytes(MANIFEST_NAME, Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`), createdAt.getTime());
    await this.#write(END);
    await this.#flush();
    this.sink.end();
    await once(this.file, 'close');
    const handle = await open(this.temp, 'r');
    await handle.sync().finally(() => handle.close());
    await rename(this.temp, this.target);
  }

  async abandon(): Promise<void> {
    this.sink.destroy();
    this.file.destroy();
    await rm(this.temp, { force: true });
  }
}
