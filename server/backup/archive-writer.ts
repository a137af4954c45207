/**
 * Writes a backup archive: a tar stream (gzip-compressed when asked) into a temp file beside the target,
 * renamed into place only once complete and fsynced, so a file at the target is never a partial backup.
 * Each file added is hashed as it is written; `finish` appends MANIFEST.json (format, time, every file with
 * its size and SHA-256), the last entry, which restore requires.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { createGzip, constants as zlib, type Gzip } from 'node:zlib';
import { END, header, padding } from './tar.js';

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

export class ArchiveWriter {
  readonly files: ManifestFile[] = [];
  bytes = 0;

  private constructor(
    private readonly target: string,
    private readonly temp: string,
    private readonly file: WriteStream,
    private readonly sink: WriteStream | Gzip,
  ) {}

  static async create(target: string, gzip: boolean): Promise<ArchiveWriter> {
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.partial`);
    const file = createWriteStream(temp, { mode: 0o600 });
    await once(file, 'open');
    if (!gzip) return new ArchiveWriter(target, temp, file, file);
    const compress = createGzip({ level: zlib.Z_BEST_SPEED });
    compress.pipe(file);
    return new ArchiveWriter(target, temp, file, compress);
  }

  async #write(bytes: Buffer): Promise<void> {
    this.bytes += bytes.length;
    if (!this.sink.write(bytes)) await once(this.sink, 'drain'); // waits only when the disk is behind
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

  /** Adds bytes held in memory. */
  async addBytes(name: string, bytes: Buffer, mtimeMs = Date.now()): Promise<void> {
    await this.#write(header(name, bytes.length, mtimeMs));
    await this.#write(bytes);
    await this.#write(padding(bytes.length));
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
